import { leverMaths, type CurrencyMatch, type LeverPosition } from '@exchange/contract';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { cleanDecimalInput } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/ui/toast';
import { useLeverSetStop } from '../api/lever';
import { isStopInput } from '../lib/lever-form';
import styles from './lever.module.css';

interface Props {
  position: LeverPosition | null;
  pair: CurrencyMatch;
  onClose: () => void;
}

/**
 * Stop-profit and stop-loss of an open position (empty clears one), each with the expected
 * result (stop − entry) × hands × share size, signed by the side, by the contract's lever rules.
 */
export function StopDialog({ position, pair, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={position !== null}
      title={position && t('leverage.stops.title', { symbol: position.symbol })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {position && <StopForm position={position} pair={pair} onClose={onClose} />}
    </Modal>
  );
}

function StopForm({
  position,
  pair,
  onClose,
}: { position: LeverPosition } & Omit<Props, 'position'>) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const setStop = useLeverSetStop();
  const [profit, setProfit] = useState(position.target_profit_price ?? '');
  const [loss, setLoss] = useState(position.stop_loss_price ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const pd = position.currency_match_id === pair.id ? pair.price_decimals : 8;
  // Hands × share size is the position's quantity: the share size is number ÷ hands.
  const shareNum = position.currency_match_id === pair.id ? pair.lever_share_num : position.number;
  const hands = position.currency_match_id === pair.id ? position.share : 1;

  const expected = (stop: string) => {
    if (stop.trim() === '' || !isStopInput(stop)) return null;
    return leverMaths.expectedStopResult(
      position.type,
      stop.trim(),
      position.price,
      hands,
      shareNum,
      8,
    );
  };
  const result = (stop: string, testId: string) => {
    const value = expected(stop);
    return (
      <span className={styles.expected} data-testid={testId}>
        {t('leverage.stops.expected')}{' '}
        {value === null ? (
          '—'
        ) : (
          <b className={`num ${value.startsWith('-') ? 'down' : 'up'}`}>
            {format.amount(value, 2, { sign: true })} {pair.quote_currency_code}
          </b>
        )}
      </span>
    );
  };

  const save = () => {
    if (!isStopInput(profit) || !isStopInput(loss)) {
      setProblem(t('leverage.stops.invalid'));
      return;
    }
    const side = leverMaths.stopProblem(
      position.type,
      position.update_price,
      profit.trim() || null,
      loss.trim() || null,
    );
    if (side !== null) {
      setProblem(t(`lever.${side}`));
      return;
    }
    setProblem(null);
    setStop.mutate(
      { id: position.id, target_profit_price: profit.trim(), stop_loss_price: loss.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('leverage.stops.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <div className={styles.stopForm} data-testid="lever-stop-dialog">
      <dl className={styles.confirm}>
        <div>
          <dt>{t('leverage.history.entry')}</dt>
          <dd className="num">{format.price(position.price, pd)}</dd>
        </div>
        <div>
          <dt>{t('leverage.history.mark')}</dt>
          <dd className="num" data-testid="lever-stop-mark">
            {format.price(position.update_price, pd)}
          </dd>
        </div>
        <div>
          <dt>{t('leverage.history.hands')}</dt>
          <dd className="num">{position.share}</dd>
        </div>
      </dl>
      <label className={styles.field}>
        <span>{t('leverage.stops.profit')}</span>
        <Input
          inputMode="decimal"
          value={profit}
          onChange={(e) => setProfit(cleanDecimalInput(e.target.value, pd))}
          placeholder={t('leverage.stops.empty')}
          data-testid="lever-stop-profit"
        />
        {result(profit, 'lever-stop-profit-result')}
      </label>
      <label className={styles.field}>
        <span>{t('leverage.stops.loss')}</span>
        <Input
          inputMode="decimal"
          value={loss}
          onChange={(e) => setLoss(cleanDecimalInput(e.target.value, pd))}
          placeholder={t('leverage.stops.empty')}
          data-testid="lever-stop-loss"
        />
        {result(loss, 'lever-stop-loss-result')}
      </label>
      {problem && (
        <Alert type="warning" showIcon title={problem} data-testid="lever-stop-problem" />
      )}
      <div className={styles.dialogButtons}>
        <Button onClick={onClose} data-testid="lever-stop-cancel">
          {t('leverage.confirm.cancel')}
        </Button>
        <Button
          type="primary"
          loading={setStop.isPending}
          onClick={save}
          data-testid="lever-stop-save"
        >
          {t('leverage.stops.save')}
        </Button>
      </div>
    </div>
  );
}
