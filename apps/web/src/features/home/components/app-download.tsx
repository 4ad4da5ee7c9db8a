import { AndroidFilled, AppleFilled, MobileOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

/** App-download block (spec 1 §2 Home). There are no apps yet, so the store buttons are disabled. */
export function AppDownload() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const stores = [
    { key: 'ios', icon: <AppleFilled />, name: t('home.app.ios') },
    { key: 'android', icon: <AndroidFilled />, name: t('home.app.android') },
  ];
  return (
    <section className="home-inner" aria-labelledby="home-app-title">
      <div
        className="home-app"
        style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
      >
        <div className="home-app-text">
          <h2 id="home-app-title" className="ui-title home-section-title">
            {t('home.app.title')}
          </h2>
          <p className="ui-paragraph ui-secondary">{t('home.app.text')}</p>
          <div className="home-app-stores">
            {stores.map((store) => (
              <Button key={store.key} size="large" icon={store.icon} disabled>
                <span className="home-app-store">
                  <span>{store.name}</span>
                  <small>{t('home.app.soon')}</small>
                </span>
              </Button>
            ))}
          </div>
        </div>
        <MobileOutlined
          className="home-app-art"
          style={{ color: token.colorPrimary, background: token.colorFillTertiary }}
          aria-hidden
        />
      </div>
    </section>
  );
}
