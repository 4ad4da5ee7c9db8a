import { formatChange } from '../../../shared/market/change';

/** The 24 h change as a filled tag (home): green with a plus sign when ≥ 0, red when negative. */
export function ChangeTag({ change }: { change: string }) {
  const { text, up } = formatChange(change);
  return (
    <span
      className={`mk-change-tag num ${up ? 'mk-up-bg' : 'mk-down-bg'}`}
      data-testid="pair-change"
    >
      {text}
    </span>
  );
}

/** The 24 h change as coloured text (market list). */
export function ChangeText({ change }: { change: string }) {
  const { text, up } = formatChange(change);
  return (
    <span className={`num ${up ? 'up' : 'down'}`} data-testid="pair-change">
      {text}
    </span>
  );
}
