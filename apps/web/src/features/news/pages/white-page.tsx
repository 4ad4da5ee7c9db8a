import { CreditCardOutlined } from '@ant-design/icons';
import { Button, Result, theme } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import '../news.css';

/**
 * /white: the documents embed a third-party card-purchase page here (spec 1 §2 Embedded page).
 * We do not embed third-party content, so the page says the service is not offered and points
 * to crypto deposits instead (listed in docs/spec-deviations.md).
 */
export function WhitePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <div className="news-white" data-testid="white-page">
      <Result
        icon={<CreditCardOutlined style={{ color: token.colorPrimary }} />}
        title={t('white.title')}
        subTitle={t('white.text')}
        extra={[
          <Button key="recharge" type="primary" onClick={() => void navigate('/recharge')}>
            {t('white.recharge')}
          </Button>,
          <Button key="home" onClick={() => void navigate('/home')}>
            {t('white.home')}
          </Button>,
        ]}
      />
    </div>
  );
}
