import {
  CustomerServiceOutlined,
  GlobalOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';

/** Claims of the product texts (spec 3 §1): BTC/USDT and more, 24/7 service, 130+ countries. */
const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'security', icon: <SafetyCertificateOutlined /> },
  { key: 'service', icon: <CustomerServiceOutlined /> },
  { key: 'global', icon: <GlobalOutlined /> },
  { key: 'speed', icon: <ThunderboltOutlined /> },
];

export function FeatureBlocks() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <section className="home-inner" aria-labelledby="home-features-title">
      <h2 id="home-features-title" className="ui-title home-section-title">
        {t('home.features.title')}
      </h2>
      <div className="home-features">
        {FEATURES.map(({ key, icon }) => (
          <article
            key={key}
            className="home-feature"
            style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
          >
            <span className="home-feature-icon" style={{ color: token.colorPrimary }} aria-hidden>
              {icon}
            </span>
            <div>
              <h3 className="ui-title home-feature-title">{t(`home.features.${key}.title`)}</h3>
              <p className="ui-paragraph ui-secondary">{t(`home.features.${key}.text`)}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
