import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { CurrencyMatch } from '@exchange/contract';
import { Button, Popover } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { LinkButton } from '../../../shared/ui/link-button';

/** Where a guest is sent to sign in; login brings them back here (spec 1 §2: page query). */
const LOGIN_HREF = `/login?page=${encodeURIComponent('/markets')}`;

interface FavoriteStarProps {
  match: CurrencyMatch;
  signedIn: boolean;
  onToggle: (match: CurrencyMatch) => void;
}

/** The favourite star of a pair: filled when `added`; a guest is asked to log in first. */
export function FavoriteStar({ match, signedIn, onToggle }: FavoriteStarProps) {
  const { t } = useTranslation();
  const label = t(match.added ? 'markets.favorite.remove' : 'markets.favorite.add', {
    symbol: match.symbol,
  });
  const star = (
    <Button
      type="text"
      size="small"
      className={`mk-star${match.added ? ' mk-star-on' : ''}`}
      icon={match.added ? <StarFilled /> : <StarOutlined />}
      aria-label={label}
      aria-pressed={signedIn ? match.added : undefined}
      data-testid="pair-star"
      onClick={signedIn ? () => onToggle(match) : undefined}
    />
  );
  if (signedIn) return star;
  return (
    <Popover
      trigger="click"
      placement="right"
      content={
        <div className="mk-login-ask" data-testid="favorite-login">
          <span>{t('markets.favorite.login')}</span>
          <LinkButton type="primary" size="small" to={LOGIN_HREF}>
            {t('markets.favorite.loginButton')}
          </LinkButton>
        </div>
      }
    >
      {star}
    </Popover>
  );
}
