import { RightOutlined, SwapOutlined } from '@ant-design/icons';
import type { QuoteGroup } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { tradeHref } from '../../../shared/market/trade-index';
import { useLiveMarkets } from '../../../shared/market/use-live-markets';
import { Segmented } from '../../../shared/ui/segmented';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { rowsOfTab, type PairRow } from '../lib/pair-filter';
import { useTradeRow } from '../lib/use-trade-row';
import { hasDayData } from '../../../shared/market/day-data';
import { ChangeTag } from './change-label';
import { LinkButton } from '../../../shared/ui/link-button';
import { LivePrice } from './live-price';
import { MarketsEmpty, MarketsError, MarketsSkeleton } from './market-states';
import { PairCell } from './pair-name';
import { statColumns } from './stat-columns';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import '../markets.css';

/** The home page's live market table (spec 1 §2 Home), one quote group at a time. */
export function HomeMarkets() {
  const { t } = useTranslation();
  const { groups, isLoading, isError } = useLiveMarkets();
  const [chosen, setChosen] = useState<string | null>(null);
  const group = groups?.find((g) => g.code === chosen) ?? groups?.[0];

  let body;
  if (groups === undefined) {
    body = isError && !isLoading ? <MarketsError /> : <MarketsSkeleton rows={6} />;
  } else if (group === undefined) {
    body = <MarketsEmpty text={t('markets.empty')} />;
  } else {
    body = <HomeTable groups={groups} group={group} />;
  }

  return (
    <div className="mk-home" data-testid="home-market-table">
      <div className="mk-home-head">
        <h2 className="ui-title mk-section-title">{t('markets.home.title')}</h2>
        <Link to="/markets" className="mk-more" data-testid="home-markets-all">
          {t('markets.home.all')} <RightOutlined aria-hidden />
        </Link>
      </div>
      {groups !== undefined && groups.length > 1 && group !== undefined && (
        <Segmented
          className="mk-groups"
          value={group.code}
          options={groups.map((g) => g.code)}
          onChange={setChosen}
          aria-label={t('markets.groups')}
          data-testid="home-market-groups"
        />
      )}
      {body}
    </div>
  );
}

function HomeTable({ groups, group }: { groups: QuoteGroup[]; group: QuoteGroup }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const tradeRow = useTradeRow();

  const columns: TableColumn<PairRow>[] = [
    {
      key: 'pair',
      title: t('markets.col.pair'),
      render: ({ match }) => <PairCell match={match} href={tradeHref(groups, match.id)} />,
    },
    {
      key: 'close',
      title: t('markets.col.latest'),
      align: 'right',
      width: narrow ? 88 : 150,
      render: ({ match }) => (
        <LivePrice value={match.currency_quotation.close} decimals={match.price_decimals} />
      ),
    },
    {
      key: 'change',
      title: t('markets.col.change'),
      align: 'right',
      width: narrow ? 82 : 130,
      render: ({ match }) => (
        <ChangeTag
          change={match.currency_quotation.change}
          noData={!hasDayData(match.currency_quotation)}
        />
      ),
    },
    ...(narrow ? [] : statColumns(t)),
    {
      key: 'action',
      title: narrow ? (
        <span className="mk-visually-hidden">{t('markets.col.action')}</span>
      ) : (
        t('markets.col.action')
      ),
      align: 'right',
      width: narrow ? 52 : 120,
      render: ({ match }) => {
        const href = tradeHref(groups, match.id);
        if (href === undefined)
          return <span className="ui-tag mk-halted-tag">{t('markets.halted')}</span>;
        // On a phone the button is an icon (named for screen readers): translations are long.
        return (
          <LinkButton
            size="small"
            type="primary"
            ghost
            to={href}
            icon={narrow ? <SwapOutlined /> : undefined}
            aria-label={narrow ? t('markets.trade') : undefined}
            data-testid="pair-trade"
          >
            {narrow ? null : t('markets.trade')}
          </LinkButton>
        );
      },
    },
  ];

  return (
    <Table<PairRow>
      layout="fixed"
      className="mk-table mk-single-quote"
      label={t('markets.home.title')}
      columns={columns}
      rows={rowsOfTab(groups, group.code)}
      rowKey={({ match }) => match.id}
      rowProps={({ match }) => ({
        ...tradeRow(tradeHref(groups, match.id)),
        'data-testid': 'market-row',
        'data-symbol': match.symbol,
      })}
      empty={<MarketsEmpty text={t('markets.empty')} />}
    />
  );
}
