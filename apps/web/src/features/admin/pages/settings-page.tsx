import type { OperatorSetting, PriceBandSetting } from '@exchange/contract';
import { Alert, Button, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useOperatorSettings, useUpdateSetting } from '../api/settings';
import { AdminShell } from '../components/admin-shell';
import {
  bandPercent,
  effectiveValue,
  parseBandInput,
  parseSettingInput,
} from '../lib/setting-input';
import styles from './settings-page.module.css';

/**
 * /admin/settings: the limits an operator tunes without a restart. The values are the base
 * values; the server multiplies them by RATE_LIMIT_FACTOR, so the page shows both. Below them,
 * each spot pair's price band (a fraction of its reference price, not scaled by the factor).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useOperatorSettings();
  const view = settings.data;
  return (
    <AdminShell section="settings">
      <section className={styles.panel} aria-label={t('admin.settings.title')}>
        {settings.isError && !view ? (
          <div data-testid="settings-error">
            <Result
              status="warning"
              title={t('admin.settings.error')}
              subTitle={settings.error.message}
              extra={
                <Button type="primary" onClick={() => void settings.refetch()}>
                  {t('admin.list.retry')}
                </Button>
              }
            />
          </div>
        ) : !view ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <Alert
              className={styles.note}
              type="info"
              showIcon
              title={t('admin.settings.factorNote', { factor: view.factor })}
              data-testid="settings-factor"
            />
            <ul className={styles.list}>
              {view.settings.map((setting) => (
                // Keyed by the saved value too: a save (or another operator's) resets the input.
                <SettingRow
                  key={`${setting.key}:${setting.value}`}
                  setting={setting}
                  factor={view.factor}
                />
              ))}
            </ul>
            <section className={styles.bands} aria-labelledby="price-bands-title">
              <h2 id="price-bands-title" className={styles.bandsTitle}>
                {t('admin.settings.bands.title')}
              </h2>
              <p className={styles.text}>{t('admin.settings.bands.text')}</p>
              <ul className={styles.list} data-testid="price-bands">
                {view.price_bands.map((band) => (
                  <PriceBandRow key={`${band.key}:${band.value}`} band={band} />
                ))}
              </ul>
            </section>
          </>
        )}
      </section>
    </AdminShell>
  );
}

function SettingRow({ setting, factor }: { setting: OperatorSetting; factor: number }) {
  const { t } = useTranslation();
  const update = useUpdateSetting();
  const [draft, setDraft] = useState(String(setting.value));
  const [touched, setTouched] = useState(false);
  const parsed = parseSettingInput(draft, setting);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const unchanged = 'value' in parsed && parsed.value === setting.value;
  const name = t(`admin.settings.key.${setting.key}.name`, { defaultValue: setting.key });
  const range = { min: setting.min, max: setting.max };

  async function save() {
    setTouched(true);
    if (!('value' in parsed)) return;
    try {
      const saved = await update.mutateAsync({ key: setting.key, value: parsed.value });
      toastSuccess(t('admin.settings.saved', { setting: name, value: saved.value }));
    } catch {
      // The api client has shown the server's message; the input keeps what was typed.
    }
  }

  const showProblem = problem !== null && (touched || draft !== String(setting.value));
  return (
    <li className={styles.row} data-testid={`setting-${setting.key}`}>
      <div className={styles.about}>
        <h2 className={styles.name}>{name}</h2>
        <p className={styles.text}>
          {t(`admin.settings.key.${setting.key}.text`, { defaultValue: '' })}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('admin.settings.current')}</dt>
            <dd data-testid="setting-value">{setting.value}</dd>
          </div>
          <div>
            <dt>{t('admin.settings.effective')}</dt>
            <dd data-testid="setting-effective">
              {t('admin.settings.effectiveValue', {
                value: setting.value,
                factor,
                effective: effectiveValue(setting.value, factor),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('admin.settings.default')}</dt>
            <dd data-testid="setting-default">{setting.default}</dd>
          </div>
          <div>
            <dt>{t('admin.settings.range')}</dt>
            <dd>{t('admin.settings.rangeValue', range)}</dd>
          </div>
        </dl>
      </div>
      <form
        className={styles.edit}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className={styles.label} htmlFor={`setting-input-${setting.key}`}>
          {t('admin.settings.newValue')}
        </label>
        <div className={styles.controls}>
          <Input
            id={`setting-input-${setting.key}`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            value={draft}
            status={showProblem ? 'error' : undefined}
            aria-invalid={showProblem}
            aria-describedby={`setting-help-${setting.key}`}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="setting-input"
          />
          <Button
            type="primary"
            htmlType="submit"
            loading={update.isPending}
            disabled={unchanged}
            data-testid="setting-save"
          >
            {t('admin.settings.save')}
          </Button>
        </div>
        <div
          id={`setting-help-${setting.key}`}
          className={showProblem ? styles.problem : styles.help}
          role={showProblem ? 'alert' : undefined}
          data-testid="setting-help"
        >
          {showProblem && problem === 'empty'
            ? t('admin.settings.empty')
            : t('admin.settings.rangeHelp', range)}
        </div>
      </form>
    </li>
  );
}

/** One pair's price band: the fraction in force (and as a percentage), its default and range. */
function PriceBandRow({ band }: { band: PriceBandSetting }) {
  const { t } = useTranslation();
  const update = useUpdateSetting();
  const [draft, setDraft] = useState(band.value);
  const [touched, setTouched] = useState(false);
  const parsed = parseBandInput(draft, band);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const unchanged = 'value' in parsed && parsed.value === band.value;
  const shown = (value: string) =>
    t('admin.settings.bands.value', { value, percent: bandPercent(value) });
  const range = { min: band.min, max: band.max };
  const id = `price-band-input-${band.currency_match_id}`;

  async function save() {
    setTouched(true);
    if (!('value' in parsed)) return;
    try {
      const saved = await update.mutateAsync({ key: band.key, value: parsed.value });
      toastSuccess(t('admin.settings.saved', { setting: band.symbol, value: saved.value }));
    } catch {
      // The api client has shown the server's message; the input keeps what was typed.
    }
  }

  const showProblem = problem !== null && (touched || draft !== band.value);
  return (
    <li className={styles.row} data-testid={`price-band-${band.currency_match_id}`}>
      <div className={styles.about}>
        <h3 className={styles.name}>{band.symbol}</h3>
        <dl className={styles.facts}>
          <div>
            <dt>{t('admin.settings.current')}</dt>
            <dd data-testid="price-band-value">{shown(band.value)}</dd>
          </div>
          <div>
            <dt>{t('admin.settings.default')}</dt>
            <dd data-testid="price-band-default">{shown(band.default)}</dd>
          </div>
          <div>
            <dt>{t('admin.settings.range')}</dt>
            <dd>{t('admin.settings.rangeValue', range)}</dd>
          </div>
        </dl>
      </div>
      <form
        className={styles.edit}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className={styles.label} htmlFor={id}>
          {t('admin.settings.newValue')}
        </label>
        <div className={styles.controls}>
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            maxLength={15}
            value={draft}
            status={showProblem ? 'error' : undefined}
            aria-invalid={showProblem}
            aria-describedby={`${id}-help`}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="price-band-input"
          />
          <Button
            type="primary"
            htmlType="submit"
            loading={update.isPending}
            disabled={unchanged}
            data-testid="price-band-save"
          >
            {t('admin.settings.save')}
          </Button>
        </div>
        <div
          id={`${id}-help`}
          className={showProblem ? styles.problem : styles.help}
          role={showProblem ? 'alert' : undefined}
          data-testid="price-band-help"
        >
          {showProblem && problem === 'empty'
            ? t('admin.settings.empty')
            : t('admin.settings.bands.rangeHelp', range)}
        </div>
      </form>
    </li>
  );
}
