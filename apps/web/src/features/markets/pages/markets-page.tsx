import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLiveMarkets } from '../../../shared/market/use-live-markets';
import { useSession } from '../../../shared/store/session';
import { Segmented } from '../../../shared/ui/segmented';
import { MarketsTable } from '../components/markets-table';
import { MarketsEmpty, MarketsError, MarketsSkeleton } from '../components/market-states';
import { FAVORITES_TAB } from '../lib/pair-filter';
import '../markets.css';

/** All markets (spec 1 §2): every pair by quote group, sortable, searchable, with favourites. */
export function MarketsPage() {
  const { t } = useTranslation();
  const { groups, isLoading, isError } = useLiveMarkets();
  const signedIn = useSession((s) => s.token !== null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  const tabs = [
    ...(signedIn ? [{ value: FAVORITES_TAB, label: t('markets.tabs.favorites') }] : []),
    ...(groups ?? []).map((g) => ({ value: g.code, label: g.code })),
  ];
  // The first quote group until the visitor picks another tab (favourites only when signed in).
  const tab =
    tabs.find((item) => item.value === chosen)?.value ??
    groups?.[0]?.code ??
    (signedIn ? FAVORITES_TAB : undefined);

  let body;
  if (groups === undefined) {
    body = isError && !isLoading ? <MarketsError /> : <MarketsSkeleton rows={9} />;
  } else if (groups.length === 0 || tab === undefined) {
    body = <MarketsEmpty text={t('markets.empty')} />;
  } else {
    body = <MarketsTable groups={groups} tab={tab} query={query} signedIn={signedIn} />;
  }

  return (
    <div className="mk-page" data-testid="markets-page">
      <header className="mk-page-head">
        <h1 className="ui-title mk-page-title">{t('markets.title')}</h1>
        <span className="ui-secondary">{t('markets.subtitle')}</span>
      </header>
      <div className="mk-toolbar">
        {tabs.length > 0 && tab !== undefined ? (
          <Segmented
            className="mk-tabs"
            value={tab}
            options={tabs}
            onChange={setChosen}
            aria-label={t('markets.groups')}
            data-testid="markets-tabs"
          />
        ) : (
          <span />
        )}
        <Input
          className="mk-search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('markets.search')}
          aria-label={t('markets.search')}
          value={query}
          maxLength={20}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="markets-search"
        />
      </div>
      {body}
    </div>
  );
}
