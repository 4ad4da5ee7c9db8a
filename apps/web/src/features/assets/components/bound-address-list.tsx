import type { BoundAddress } from '@exchange/contract';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { toastSuccess } from '../../../shared/ui/toast';
import { useAddressDelete } from '../api/address-delete';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import tableStyles from './table.module.css';

/** The user's bound withdrawal addresses, each with a delete that asks first. */
export function BoundAddressList({ addresses }: { addresses: readonly BoundAddress[] }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const remove = useAddressDelete();

  const confirmDelete = (a: BoundAddress) => {
    void modal.confirm({
      title: t('assets.bind.deleteTitle'),
      content: t('assets.bind.deleteText', { coin: a.currency_code, address: a.address }),
      okText: t('assets.bind.delete'),
      okButtonProps: { danger: true },
      cancelText: t('assets.bind.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(a.id);
          toastSuccess(t('assets.bind.deleted'));
        } catch {
          // The api client has said why; the list was read again.
        }
      },
    });
  };

  const columns: TableColumn<BoundAddress>[] = [
    { key: 'currency', title: t('assets.records.currency'), render: (a) => a.currency_code },
    { key: 'chain', title: t('assets.records.chain'), render: (a) => a.chain || '—' },
    {
      key: 'address',
      title: t('assets.records.address'),
      render: (a) => (
        <span className={tableStyles.address} title={a.address} data-testid="bound-address">
          {a.address}
        </span>
      ),
    },
    { key: 'memo', title: t('assets.bind.memo'), render: (a) => a.memo || '—' },
    { key: 'time', title: t('assets.records.time'), render: (a) => formatDateTime(a.created_at) },
    {
      key: 'delete',
      title: '',
      align: 'right',
      card: 'foot',
      render: (a) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmDelete(a)}
          aria-label={t('assets.bind.delete')}
          data-testid="bind-delete"
        />
      ),
    },
  ];

  return (
    <>
      {modalHolder}
      <Table
        layout="cards"
        label={t('assets.table.addresses')}
        columns={columns}
        rows={addresses}
        rowKey={(a) => a.id}
        empty={t('assets.bind.empty')}
        testId="bound-table"
        rowProps={() => ({ 'data-testid': 'bound-row' })}
        minWidth={720}
      />
    </>
  );
}
