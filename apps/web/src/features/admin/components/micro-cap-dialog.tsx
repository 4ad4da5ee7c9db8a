import { Form, Input, Select } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useMicroSettings } from '../api/micro';
import {
  checkCap,
  wire,
  type MicroCurrencyRow,
  type MicroPairRow,
  type MicroProblem,
} from '../lib/micro-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './micro-dialog.module.css';

interface Values {
  currency_id: number;
  exposure_cap: string;
}

/**
 * A pair's exposure cap in one stake currency: the most the house may lose on all the open orders
 * of the pair together, over every expiry. Mounted only while open.
 */
export function MicroCapDialog({
  pair,
  currencies,
  onClose,
}: {
  pair: MicroPairRow;
  /** The stake currencies to choose from (enabled ones and any the pair has a cap in). */
  currencies: readonly MicroCurrencyRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<Values>();
  const save = useMicroSettings();
  const capOf = (id: number) => pair.caps.find((c) => c.currency_id === id)?.exposure_cap ?? '';
  const first = currencies[0];
  const chosenId = Form.useWatch('currency_id', form) ?? first?.id;
  const chosen = currencies.find((c) => c.id === chosenId);

  const { rule } = useProblemRule<MicroProblem>('micro');

  async function submit(values: Values) {
    const coin = currencies.find((c) => c.id === values.currency_id)?.code ?? '';
    try {
      const saved = await save.mutateAsync({
        match_id: pair.id,
        currency_id: values.currency_id,
        exposure_cap: wire(values.exposure_cap),
      });
      toastSuccess(
        t('admin.micro.capSaved', {
          symbol: pair.symbol,
          cap: format.amount(saved.exposure_cap),
          coin,
        }),
      );
      onClose();
    } catch {
      // The api client has shown the server's message; the dialog keeps the values.
    }
  }

  return (
    <FormDialog
      testId="micro-cap"
      title={t('admin.micro.capTitle', { symbol: pair.symbol })}
      save={t('admin.micro.save')}
      pending={save.isPending}
      saveDisabled={first === undefined}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.micro.capText')}
    >
      {first === undefined ? (
        <p className={styles.empty}>{t('admin.micro.noCurrencies')}</p>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ currency_id: first.id, exposure_cap: capOf(first.id) }}
          onValuesChange={(changed: Partial<Values>) => {
            if (changed.currency_id !== undefined) {
              form.setFieldValue('exposure_cap', capOf(changed.currency_id));
            }
          }}
          onFinish={(values) => void submit(values)}
          data-testid="micro-cap"
        >
          <Form.Item name="currency_id" label={t('admin.micro.col.currency')}>
            <Select
              options={currencies.map((c) => ({ value: c.id, label: c.code }))}
              data-testid="micro-cap-currency"
            />
          </Form.Item>
          <Form.Item
            name="exposure_cap"
            label={t('admin.micro.capLabel', { coin: chosen?.code ?? '' })}
            extra={t('admin.micro.capHelp', {
              cap: chosen ? format.amount(chosen.default_cap) : '—',
              coin: chosen?.code ?? '',
            })}
            rules={[rule(checkCap)]}
          >
            <Input autoComplete="off" inputMode="decimal" data-testid="micro-cap-amount" />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
