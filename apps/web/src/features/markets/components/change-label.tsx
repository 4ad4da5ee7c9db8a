import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatChange } from '../../../shared/market/change';

/** The 24 h change as a filled tag (home): green with a plus sign when ≥ 0, red when negative. */
export function ChangeTag({ change }: { change: string }) {
  const { lang } = useNumberFormat();
  const { text, up } = formatChange(change, lang);
  return (
    <span
      className={`mk-change-tag ${TABULAR_NUMS} ${up ? 'mk-up-bg' : 'mk-down-bg'}`}
      data-testid="pair-change"
    >
      {text}
    </span>
  );
}

/** The 24 h change as coloured text (market list). */
export function ChangeText({ change }: { change: string }) {
  const { lang } = useNumberFormat();
  const { text, up } = formatChange(change, lang);
  return (
    <span className={`${TABULAR_NUMS} ${up ? 'up' : 'down'}`} data-testid="pair-change">
      {text}
    </span>
  );
}
