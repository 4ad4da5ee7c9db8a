import { Form, Input, Switch } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useMicroCurrency } from '../api/micro';
import {
  changedCurrency,
  checkCap,
  checkFeePercent,
  checkMinMax,
  checkPresets,
  checkStake,
  currencyValues,
  type CurrencyValues,
  type MicroCurrencyRow,
  type MicroProblem,
} from '../lib/micro-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './form-dialog.module.css';

/**
 * One stake currency: whether it can be staked, its preset stakes, stake limits, fee and the
 * default exposure cap of pairs without their own. `enable` opens it switched on (a currency not
 * yet staked). Mounted only while open.
 */
export function MicroCurrencyDialog({
  currency,
  enable = false,
  onClose,
}: {
  currency: MicroCurrencyRow;
  enable?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CurrencyValues>();
  const save = useMicroCurrency();
  const coin = currency.code;
  const initial = { ...currencyValues(currency), ...(enable ? { enabled: true } : {}) };

  const { rule, problem } = useProblemRule<MicroProblem>('micro');

  async function submit(values: CurrencyValues) {
    const params = changedCurrency(currency, values);
    if (Object.keys(params).length === 1) {
      onClose();
      return;
    }
    try {
      await save.mutateAsync(params);
      toastSuccess(t('admin.micro.currencySaved', { coin }));
      onClose();
    } catch {
      // The api client has shown the server's message; the dialog keeps the values.
    }
  }

  const field = (
    name: 'min_number' | 'max_number' | 'fee_percent' | 'default_cap',
    check: (text: string) => MicroProblem | null,
    suffix: string,
  ) => (
    <Form.Item
      name={name}
      label={t(`admin.micro.field.${name}`)}
      rules={[rule(check)]}
      className={styles.item}
    >
      <Input
        autoComplete="off"
        inputMode="decimal"
        suffix={suffix}
        data-testid={`micro-currency-${name}`}
      />
    </Form.Item>
  );

  return (
    <FormDialog
      testId="micro-currency"
      title={t('admin.micro.currencyTitle', { coin })}
      save={t('admin.micro.save')}
      pending={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.micro.currencyText')}
    >
      <Form<CurrencyValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        className={styles.grid}
        data-testid="micro-currency"
      >
        <Form.Item
          name="enabled"
          label={t('admin.micro.field.enabled')}
          valuePropName="checked"
          extra={t('admin.micro.enabledHelp')}
          className={styles.wide}
        >
          <Switch data-testid="micro-currency-enabled" />
        </Form.Item>
        <Form.Item
          name="presets"
          label={t('admin.micro.field.presets', { coin })}
          extra={t('admin.micro.presetsHelp')}
          dependencies={['min_number', 'max_number']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: string | undefined) => {
                const found = checkPresets(
                  value ?? '',
                  String(getFieldValue('min_number') ?? ''),
                  String(getFieldValue('max_number') ?? ''),
                );
                return found ? Promise.reject(problem(found)) : Promise.resolve();
              },
            }),
          ]}
          className={styles.wide}
        >
          <Input autoComplete="off" data-testid="micro-currency-presets" />
        </Form.Item>
        {field('min_number', checkStake, coin)}
        <Form.Item
          name="max_number"
          label={t('admin.micro.field.max_number')}
          dependencies={['min_number']}
          className={styles.item}
          rules={[
            rule(checkStake),
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: string | undefined) =>
                checkMinMax(String(getFieldValue('min_number') ?? ''), value ?? '')
                  ? Promise.reject(problem('minMax'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input
            autoComplete="off"
            inputMode="decimal"
            suffix={coin}
            data-testid="micro-currency-max_number"
          />
        </Form.Item>
        {field('fee_percent', checkFeePercent, '%')}
        {field('default_cap', checkCap, coin)}
      </Form>
    </FormDialog>
  );
}
