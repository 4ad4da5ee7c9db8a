import type { CALLS, CallRequest, CallResponse } from '@exchange/contract';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useLeverSettings } from '../api/lever';
import {
  checkBand,
  checkFeeRate,
  checkMinDepth,
  checkMultiple,
  checkOvernightRate,
  checkPointRate,
  checkShareSize,
  parseHands,
  parseMultiples,
  parseOpenInterest,
  parseWindow,
  sameDecimal,
  type LeverProblem,
} from '../lib/lever-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './form-dialog.module.css';

export type LeverPairRow = CallResponse<typeof CALLS.adminLeverOverview>['pairs'][number];
type SettingsRequest = CallRequest<typeof CALLS.adminLeverSettings>;

interface Values {
  open_lever: boolean;
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
  multiples: string;
  min_share: string;
  max_share: string;
  overnight_rate: string;
  max_open_interest: string;
  mark_min_depth: string;
  mark_band: string;
  mark_window_s: string;
  manipulation_multiple: string;
}

/** The decimals a pair's minimum depth (a quote amount at price + quantity decimals) may have. */
export const depthDecimals = (pair: LeverPairRow) =>
  Math.min(18, pair.price_decimals + pair.qty_decimals);

const initial = (pair: LeverPairRow): Values => ({
  open_lever: pair.open_lever === 1,
  lever_point_rate: pair.lever_point_rate,
  lever_share_num: pair.lever_share_num,
  lever_fee_rate: pair.lever_fee_rate,
  multiples: pair.multiples.join(', '),
  min_share: String(pair.min_share),
  max_share: String(pair.max_share),
  overnight_rate: pair.overnight_rate,
  max_open_interest: String(pair.max_open_interest),
  mark_min_depth: pair.mark_min_depth,
  mark_band: pair.mark_band,
  mark_window_s: String(pair.mark_window_s),
  manipulation_multiple: pair.manipulation_multiple,
});

/** Only what the operator changed: the server keeps every field left out. */
export function changedTerms(pair: LeverPairRow, values: Values): SettingsRequest {
  const out: SettingsRequest = { currency_match_id: pair.id };
  const open = values.open_lever ? 1 : 0;
  if (open !== pair.open_lever) out.open_lever = open;
  for (const key of [
    'lever_point_rate',
    'lever_share_num',
    'lever_fee_rate',
    'overnight_rate',
    'mark_min_depth',
    'mark_band',
    'manipulation_multiple',
  ] as const) {
    if (!sameDecimal(values[key], pair[key])) out[key] = values[key].trim();
  }
  const multiples = parseMultiples(values.multiples);
  if (multiples && multiples.join(',') !== pair.multiples.join(',')) out.multiples = multiples;
  const min = parseHands(values.min_share);
  if (min !== null && min !== pair.min_share) out.min_share = min;
  const max = parseHands(values.max_share);
  if (max !== null && max !== pair.max_share) out.max_share = max;
  const interest = parseOpenInterest(values.max_open_interest);
  if (interest !== null && interest !== pair.max_open_interest) out.max_open_interest = interest;
  const window = parseWindow(values.mark_window_s);
  if (window !== null && window !== pair.mark_window_s) out.mark_window_s = window;
  return out;
}

/** The edit dialog of one pair's lever terms; mounted only while open. */
export function LeverPairDialog({ pair, onClose }: { pair: LeverPairRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useLeverSettings();

  const decimals = depthDecimals(pair);
  const { rule } = useProblemRule<LeverProblem>('lever', { decimals });

  async function submit(values: Values) {
    const params = changedTerms(pair, values);
    if (Object.keys(params).length === 1) {
      onClose();
      return;
    }
    try {
      await save.mutateAsync(params);
      toastSuccess(t('admin.lever.pairSaved', { symbol: pair.symbol }));
      onClose();
    } catch {
      // The api client has shown the server's message (which rule); the dialog keeps the values.
    }
  }

  const text = (name: keyof Values, check: (text: string) => LeverProblem | null) => (
    <Form.Item
      name={name}
      label={t(`admin.lever.col.${name}`)}
      rules={[rule(check)]}
      className={styles.item}
    >
      <Input autoComplete="off" inputMode="decimal" data-testid={`lever-edit-${name}`} />
    </Form.Item>
  );

  return (
    <FormDialog
      testId="lever-edit"
      title={t('admin.lever.editTitle', { symbol: pair.symbol })}
      save={t('admin.lever.save')}
      pending={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial(pair)}
        onFinish={(values) => void submit(values)}
        className={styles.grid}
        data-testid="lever-edit"
      >
        <Form.Item
          name="open_lever"
          label={t('admin.lever.col.open_lever')}
          valuePropName="checked"
          className={styles.wide}
        >
          <Switch data-testid="lever-edit-open_lever" />
        </Form.Item>
        {text('lever_point_rate', checkPointRate)}
        {text('lever_fee_rate', checkFeeRate)}
        {text('overnight_rate', checkOvernightRate)}
        {text('lever_share_num', (v) => checkShareSize(v, pair.qty_decimals))}
        <Form.Item
          name="multiples"
          label={t('admin.lever.col.multiples')}
          extra={t('admin.lever.multiplesHelp')}
          rules={[rule((v) => (parseMultiples(v) ? null : 'multiples'))]}
          className={styles.wide}
        >
          <Input autoComplete="off" data-testid="lever-edit-multiples" />
        </Form.Item>
        {text('min_share', (v) => (parseHands(v) === null ? 'hands' : null))}
        <Form.Item
          name="max_share"
          label={t('admin.lever.col.max_share')}
          dependencies={['min_share']}
          className={styles.item}
          rules={[
            rule((v) => (parseHands(v) === null ? 'hands' : null)),
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: string | undefined) => {
                const min = parseHands(String(getFieldValue('min_share') ?? ''));
                const max = parseHands(value ?? '');
                return min !== null && max !== null && min > max
                  ? Promise.reject(new Error(t('admin.lever.problem.handsOrder')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input autoComplete="off" inputMode="numeric" data-testid="lever-edit-max_share" />
        </Form.Item>
        {text('max_open_interest', (v) => (parseOpenInterest(v) === null ? 'openInterest' : null))}
        <p className={`${styles.wide} ${styles.note}`}>{t('admin.lever.marksHelp')}</p>
        {text('mark_min_depth', (v) => checkMinDepth(v, decimals))}
        {text('mark_band', checkBand)}
        {text('mark_window_s', (v) => (parseWindow(v) === null ? 'window' : null))}
        {text('manipulation_multiple', checkMultiple)}
      </Form>
    </FormDialog>
  );
}
