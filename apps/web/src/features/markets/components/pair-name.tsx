import type { CurrencyMatch } from '@exchange/contract';
import { Link } from 'react-router';
import { CoinLogo } from './coin-logo';

/** Logo, base code and `/QUOTE` in a quieter tone. */
export function PairName({ match }: { match: CurrencyMatch }) {
  return (
    <span className="mk-pair">
      <CoinLogo code={match.base_currency_code} src={match.base_currency.logo} />
      <span className="mk-pair-text" data-testid="pair-symbol">
        <span className="mk-pair-base">{match.base_currency_code}</span>
        <span className="mk-pair-quote">/{match.quote_currency_code}</span>
      </span>
    </span>
  );
}

/** The pair as a link to its trade screen (keyboard users reach the row through it). */
export function PairCell({ match, href }: { match: CurrencyMatch; href: string | undefined }) {
  if (href === undefined) return <PairName match={match} />;
  return (
    <Link to={href} className="mk-pair-link">
      <PairName match={match} />
    </Link>
  );
}
