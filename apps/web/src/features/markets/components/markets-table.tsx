import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import { useTranslation } from '../../../shared/i18n/translation';
import { sortDecimals } from '../../../shared/format/number';
import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { cnyValue } from '../../../shared/market/cny';
import { tradeHref } from '../../../shared/market/trade-index';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { useToggleFavorite } from '../api/toggle-favorite';
import { FAVORITES_TAB, filterBySymbol, rowsOfTab, type PairRow } from '../lib/pair-filter';
import { useTradeRow } from '../lib/use-trade-row';
import { hasDayData } from '../../../shared/market/day-data';
import { ChangeText } from './change-label';
import { FavoriteStar } from './favorite-star';
import { LinkButton } from '../../../shared/ui/link-button';
import { LivePrice } from './live-price';
import { MarketsEmpty } from './market-states';
import { PairCell } from './pair-name';
import { statColumns } from './stat-columns';
import { Table, type TableColumn } from '../../../shared/ui/table/table';

interface MarketsTableProps {
  groups: QuoteGroup[];
  /** A quote group's code, or `FAVORITES_TAB`. */
  tab: string;
  query: string;
  signedIn: boolean;
}

const CNY_DECIMALS = 2;
const quotationOf = (row: PairRow) => row.match.currency_quotation;

/**
 * The table of /markets (spec 1 §2 All markets): pair, latest price and change sort; high, low and
 * 24 h volume do not. Sorting, the tab and the search never change a pair's /trade?id= index.
 */
export function MarketsTable({ groups, tab, query, signedIn }: MarketsTableProps) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const narrow = useMediaQuery(NARROW_QUERY);
  const tradeRow = useTradeRow();
  const toggle = useToggleFavorite();
  const onToggle = (match: CurrencyMatch) =>
    toggle.mutate({ currency_match_id: match.id, added: !match.added });

  const columns: TableColumn<PairRow>[] = [
    {
      key: 'star',
      title: <span className="mk-visually-hidden">{t('markets.tabs.favorites')}</span>,
      width: narrow ? 36 : 52,
      className: 'mk-cell-star',
      render: ({ match }) => <FavoriteStar match={match} signedIn={signedIn} onToggle={onToggle} />,
    },
    {
      key: 'pair',
      title: t('markets.col.pair'),
      compare: (a, b) => a.match.symbol.localeCompare(b.match.symbol),
      render: ({ match }) => {
        const href = tradeHref(groups, match.id);
        return href === undefined ? (
          <span className="mk-pair-halted">
            <PairCell match={match} href={href} />
            <span className="ui-tag mk-halted-tag">{t('markets.halted')}</span>
          </span>
        ) : (
          <PairCell match={match} href={href} />
        );
      },
    },
    {
      key: 'close',
      title: t('markets.col.latest'),
      align: 'right',
      width: narrow ? 118 : 200,
      // Prices and changes sort highest first on the first click.
      firstOrder: 'descend',
      compare: (a, b) => sortDecimals(quotationOf(a).close, quotationOf(b).close),
      render: ({ match, group }) => (
        <span className="mk-price-cell">
          <LivePrice value={match.currency_quotation.close} decimals={match.price_decimals} />
          <span className={`mk-cny ${TABULAR_NUMS}`} data-testid="pair-cny">
            {t('markets.cny', {
              value: format.decimal(
                cnyValue(match.currency_quotation.close, group.cny_price),
                CNY_DECIMALS,
              ),
            })}
          </span>
        </span>
      ),
    },
    {
      key: 'change',
      title: t('markets.col.change'),
      align: 'right',
      width: narrow ? 84 : 130,
      firstOrder: 'descend',
      compare: (a, b) => sortDecimals(quotationOf(a).change, quotationOf(b).change),
      render: ({ match }) => (
        <ChangeText
          change={match.currency_quotation.change}
          noData={!hasDayData(match.currency_quotation)}
        />
      ),
    },
    ...(narrow
      ? []
      : ([
          ...statColumns(t),
          {
            key: 'action',
            title: t('markets.col.action'),
            align: 'right',
            width: 120,
            render: ({ match }) => {
              const href = tradeHref(groups, match.id);
              return href === undefined ? null : (
                <LinkButton size="small" type="primary" ghost to={href} data-testid="pair-trade">
                  {t('markets.trade')}
                </LinkButton>
              );
            },
          },
        ] satisfies TableColumn<PairRow>[])),
  ];

  const trimmed = query.trim();
  const empty =
    trimmed !== ''
      ? t('markets.noMatch', { query: trimmed })
      : tab === FAVORITES_TAB
        ? t('markets.noFavorites')
        : t('markets.empty');

  return (
    <Table<PairRow>
      layout="fixed"
      className={tab === FAVORITES_TAB ? 'mk-table' : 'mk-table mk-single-quote'}
      label={t('markets.title')}
      columns={columns}
      rows={filterBySymbol(rowsOfTab(groups, tab), query)}
      rowKey={({ match }) => match.id}
      rowProps={({ match }) => ({
        ...tradeRow(tradeHref(groups, match.id)),
        'data-testid': 'market-row',
        'data-symbol': match.symbol,
      })}
      empty={<MarketsEmpty text={empty} />}
    />
  );
}
