import {
  AlipayCircleOutlined,
  BankOutlined,
  CheckCircleFilled,
  WechatOutlined,
} from '@ant-design/icons';
import type { PayMethodCode } from '@exchange/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { Segmented } from '../../../shared/ui/segmented';
import { usePayMethod, usePayMethodTypes } from '../api/collection-methods';
import styles from '../components/collection.module.css';
import { CollectionForm } from '../components/collection-form';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import panel from '../components/panel.module.css';
import { collectionCodeOf } from '../lib/collection-form';

const ICONS: Record<PayMethodCode, ReactNode> = {
  alipay: <AlipayCircleOutlined />,
  wxpay: <WechatOutlined />,
  bank: <BankOutlined />,
};

/** A method's name in the selector, with a tick once one of its type is saved. */
function MethodLabel({ code, type }: { code: PayMethodCode; type: number }) {
  const { t } = useTranslation();
  const saved = usePayMethod(type);
  return (
    <span className={styles.method} data-testid={`payee-type-${code}`}>
      <span aria-hidden className={styles.methodIcon}>
        {ICONS[code]}
      </span>
      <span>{t(`payee.type.${code}`)}</span>
      {saved.data && (
        <CheckCircleFilled
          className={styles.savedMark}
          aria-label={t('payee.isSet')}
          data-testid={`payee-type-${code}-saved`}
        />
      )}
    </span>
  );
}

/** The chosen type's saved method (or none) and its form. */
function MethodPanel({ code, type }: { code: PayMethodCode; type: number }) {
  const { t } = useTranslation();
  const saved = usePayMethod(type);
  if (saved.isError && saved.data === undefined) {
    return (
      <ErrorBlock
        onRetry={() => void saved.refetch()}
        retrying={saved.isFetching}
        testId="payee-error"
      />
    );
  }
  if (saved.data === undefined) return <LoadingBlock rows={5} testId="payee-loading" />;
  const method = saved.data;
  return (
    <div className={styles.methodPanel}>
      <div className={styles.methodHead}>
        <h2 className={styles.methodTitle}>{t(`payee.type.${code}`)}</h2>
        <span className={styles.savedAt} data-testid="payee-saved-at">
          {method
            ? t('payee.savedAt', { time: formatDateTime(method.updated_at) })
            : t('payee.notSet')}
        </span>
      </div>
      {/* Filled again from what the server keeps after each save or read. */}
      <CollectionForm
        key={`${code}-${method?.updated_at ?? 0}`}
        code={code}
        type={type}
        saved={method?.raw_data ?? null}
      />
    </div>
  );
}

/**
 * /personal/collectionSettings (spec 3 screen 5): the user's receiving methods, one per type
 * (Alipay, WeChat, bank), each editable. The chosen type is in the address (`?type=bank`).
 */
export function CollectionSettingsPage() {
  const { t } = useTranslation();
  const types = usePayMethodTypes();
  const [params, setParams] = useSearchParams();
  const code = collectionCodeOf(params.get('type'));

  let body: ReactNode;
  if (types.isError && !types.data) {
    body = (
      <ErrorBlock
        onRetry={() => void types.refetch()}
        retrying={types.isFetching}
        testId="payee-error"
      />
    );
  } else if (!types.data) {
    body = <LoadingBlock testId="payee-loading" />;
  } else {
    const chosen = types.data.find((m) => m.code === code) ?? types.data[0];
    body = chosen ? (
      <>
        <Segmented
          aria-label={t('payee.chooser')}
          value={chosen.code}
          options={types.data.map((m) => ({
            value: m.code,
            label: <MethodLabel code={m.code} type={m.id} />,
          }))}
          onChange={(next) => setParams({ type: next }, { replace: true })}
          className={styles.chooser}
          data-testid="payee-types"
        />
        <MethodPanel key={chosen.code} code={chosen.code} type={chosen.id} />
      </>
    ) : null;
  }

  return (
    <section className={panel.panel} data-testid="payee-page">
      <div className={panel.head}>
        <h1 className={panel.title}>{t('payee.title')}</h1>
      </div>
      <p className={styles.intro}>{t('payee.intro')}</p>
      {body}
    </section>
  );
}
