import type { CurrencyMatch } from '@exchange/contract';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/ui/toast';
import { useLeverBatchClose } from '../api/lever';
import styles from './lever.module.css';

interface Props {
  pair: CurrencyMatch;
  open: boolean;
  onClose: () => void;
}

/** Close all, the long or the short positions of the pair at one mark price (lever/batch_close). */
export function CloseAllDialog({ pair, open, onClose }: Props) {
  const { t } = useTranslation();
  const batch = useLeverBatchClose();
  const [type, setType] = useState<0 | 1 | 2>(0);

  const confirm = () =>
    batch.mutate(
      { currency_match_id: pair.id, type },
      {
        onSuccess: (result) => {
          toastSuccess(t('leverage.closeAll.done', { count: result.ids.length }));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('leverage.closeAll.title', { symbol: pair.symbol })}
      onOk={confirm}
      onCancel={onClose}
      okText={t('leverage.closeAll.ok')}
      cancelText={t('leverage.confirm.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'lever-close-all-ok' }}
      confirmLoading={batch.isPending}
    >
      <p className="text-secondary">{t('leverage.closeAll.text')}</p>
      <Radio.Group
        className={styles.closeAllChoice}
        value={type}
        onChange={(e) => setType(e.target.value as 0 | 1 | 2)}
        options={[
          {
            value: 0,
            label: <span data-testid="lever-close-all-0">{t('leverage.closeAll.all')}</span>,
          },
          {
            value: 1,
            label: <span data-testid="lever-close-all-1">{t('leverage.closeAll.long')}</span>,
          },
          {
            value: 2,
            label: <span data-testid="lever-close-all-2">{t('leverage.closeAll.short')}</span>,
          },
        ]}
      />
    </Modal>
  );
}
