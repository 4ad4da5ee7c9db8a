import { Form, Input } from 'antd';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { useMicroSettings } from '../api/micro';
import {
  aboveBound,
  baseOf,
  changedGuard,
  checkMinTrades,
  checkMinVolume,
  checkMultiple,
  guardValues,
  type GuardValues,
  type MicroCurrencyRow,
  type MicroPairRow,
  type MicroProblem,
} from '../lib/micro-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './micro-dialog.module.css';

/**
 * A pair's index guard: the minimum trades and base volume a window needs for an index (of
 * others than the bettor), and the multiple that turns the cost of deciding the index into the
 * house's bound on the pair. Shows the cost, bound and exposure of each stake currency as they are
 * now. Mounted only while open.
 */
export function MicroGuardDialog({
  pair,
  currencies,
  onClose,
}: {
  pair: MicroPairRow;
  /** Every stake currency of the overview (to name the rows, and to address the call). */
  currencies: readonly MicroCurrencyRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<GuardValues>();
  const save = useMicroSettings();
  const base = baseOf(pair.symbol);
  const codeOf = (id: number) => currencies.find((c) => c.id === id)?.code ?? `#${String(id)}`;
  // The call names a stake currency (its cap is left as it is): an enabled one, else any.
  const currencyId =
    pair.manipulation[0]?.currency_id ??
    currencies.find((c) => c.enabled === 1)?.id ??
    currencies[0]?.id;

  const { rule } = useProblemRule<MicroProblem>('micro');

  async function submit(values: GuardValues) {
    if (currencyId === undefined) return;
    const change = changedGuard(pair, currencyId, values);
    try {
      if (Object.keys(change).length > 2) await save.mutateAsync(change);
      toastSuccess(t('admin.micro.guardSaved', { symbol: pair.symbol }));
      onClose();
    } catch {
      // The api client has shown the server's message; the dialog keeps the values.
    }
  }

  return (
    <FormDialog
      testId="micro-guard"
      title={t('admin.micro.guardTitle', { symbol: pair.symbol })}
      save={t('admin.micro.save')}
      pending={save.isPending}
      saveDisabled={currencyId === undefined}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.micro.guardDialogText')}
    >
      {pair.manipulation.length > 0 && (
        <table className={styles.factTable} data-testid="micro-guard-facts">
          <thead>
            <tr>
              <th scope="col">{t('admin.micro.col.currency')}</th>
              <th scope="col">{t('admin.micro.col.cost')}</th>
              <th scope="col">{t('admin.micro.col.bound')}</th>
              <th scope="col">{t('admin.micro.col.pairExposure')}</th>
            </tr>
          </thead>
          <tbody>
            {pair.manipulation.map((m) => {
              const coin = codeOf(m.currency_id);
              return (
                <tr key={m.currency_id}>
                  <th scope="row">{coin}</th>
                  <td
                    data-label={t('admin.micro.col.cost')}
                    data-testid={`micro-guard-cost-${coin}`}
                  >
                    {format.amount(m.cost)}
                  </td>
                  <td
                    data-label={t('admin.micro.col.bound')}
                    data-testid={`micro-guard-bound-${coin}`}
                  >
                    {format.amount(m.bound)}
                  </td>
                  <td
                    className={aboveBound(m) ? 'down' : undefined}
                    data-label={t('admin.micro.col.pairExposure')}
                    title={aboveBound(m) ? t('admin.micro.aboveBound') : undefined}
                    data-testid={`micro-guard-exposure-${coin}`}
                  >
                    {format.amount(m.exposure)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {currencyId === undefined ? (
        <p className={styles.empty}>{t('admin.micro.noCurrencies')}</p>
      ) : (
        <Form<GuardValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={guardValues(pair)}
          onFinish={(values) => void submit(values)}
          data-testid="micro-guard"
        >
          <Form.Item
            name="index_min_trades"
            label={t('admin.micro.field.min_trades')}
            extra={t('admin.micro.minTradesHelp')}
            rules={[rule(checkMinTrades)]}
          >
            <Input autoComplete="off" inputMode="numeric" data-testid="micro-guard-min-trades" />
          </Form.Item>
          <Form.Item
            name="index_min_volume"
            label={t('admin.micro.field.min_volume', { coin: base })}
            extra={t('admin.micro.minVolumeHelp')}
            rules={[rule(checkMinVolume)]}
          >
            <Input autoComplete="off" inputMode="decimal" data-testid="micro-guard-min-volume" />
          </Form.Item>
          <Form.Item
            name="manipulation_multiple"
            label={t('admin.micro.field.multiple')}
            extra={t('admin.micro.multipleHelp')}
            rules={[rule(checkMultiple)]}
          >
            <Input autoComplete="off" inputMode="decimal" data-testid="micro-guard-multiple" />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
