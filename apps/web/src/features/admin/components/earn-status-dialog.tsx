import type { EarnProductAdmin } from '@exchange/contract';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useEarnStatus } from '../api/earn';
import {
  ACTION_STATUS,
  checkReason,
  MAX_REASON,
  type EarnProblem,
  type StatusAction,
} from '../lib/earn-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './earn-dialog.module.css';

interface Values {
  reason: string;
}

/**
 * Pauses a product, puts it on sale again, or closes it for good (said plainly before it is
 * confirmed), with the reason the audit log records. Subscriptions in effect run to maturity
 * whatever the status. Mounted only while open.
 */
export function EarnStatusDialog({
  product,
  action,
  onClose,
}: {
  product: EarnProductAdmin;
  action: StatusAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEarnStatus();
  const name = product.name;
  const { rule } = useProblemRule<EarnProblem>('earn');

  async function submit(values: Values) {
    try {
      await save.mutateAsync({
        id: product.id,
        status: ACTION_STATUS[action],
        reason: values.reason.trim(),
      });
      toastSuccess(t(`admin.earn.statusDone.${action}`, { name }));
      onClose();
    } catch {
      // The api client has shown the server's message.
    }
  }

  return (
    <FormDialog
      testId="earn-status"
      title={t(`admin.earn.statusTitle.${action}`, { name })}
      save={t(`admin.earn.statusSave.${action}`)}
      pending={save.isPending}
      danger={action === 'close'}
      onSave={() => form.submit()}
      onClose={onClose}
      note={action === 'close' ? undefined : t(`admin.earn.statusText.${action}`)}
    >
      {action === 'close' && (
        <Alert
          type="error"
          showIcon
          className={styles.final}
          title={t('admin.earn.closeFinal')}
          description={t('admin.earn.statusText.close')}
          data-testid="earn-status-final"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ reason: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="earn-status"
      >
        <Form.Item name="reason" label={t('admin.dialog.reason')} rules={[rule(checkReason)]}>
          <Input.TextArea
            rows={2}
            maxLength={MAX_REASON}
            showCount
            data-testid="earn-status-reason"
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
