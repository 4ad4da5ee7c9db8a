import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatChange } from '../../../shared/market/change';
import { NO_DAY_DATA } from '../../../shared/market/day-data';

interface Props {
  change: string;
  /** Nothing in the last 24 h: "--" instead of a change of 0.00 %. */
  noData?: boolean;
}

/** The 24 h change as a filled tag (home): green with a plus sign when ≥ 0, red when negative. */
export function ChangeTag({ change, noData = false }: Props) {
  const { lang } = useNumberFormat();
  const { text, up } = formatChange(change, lang);
  const tone = noData ? 'mk-none-bg' : up ? 'mk-up-bg' : 'mk-down-bg';
  return (
    <span className={`mk-change-tag ${TABULAR_NUMS} ${tone}`} data-testid="pair-change">
      {noData ? NO_DAY_DATA : text}
    </span>
  );
}

/** The 24 h change as coloured text (market list). */
export function ChangeText({ change, noData = false }: Props) {
  const { lang } = useNumberFormat();
  const { text, up } = formatChange(change, lang);
  const tone = noData ? '' : up ? 'up' : 'down';
  return (
    <span className={`${TABULAR_NUMS} ${tone}`} data-testid="pair-change">
      {noData ? NO_DAY_DATA : text}
    </span>
  );
}
