import { Button } from 'antd';
import { useTranslation } from '../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { Result } from '../../shared/ui/result';

/** The 403 page: a signed-in user without the operator role opened an operator page. */
export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden" style={{ padding: '64px 16px' }}>
      <Result
        status="403"
        title={t('admin.forbidden.title')}
        subTitle={t('admin.forbidden.text')}
        extra={
          <Button type="primary" onClick={() => void navigate('/home')}>
            {t('admin.forbidden.home')}
          </Button>
        }
      />
    </div>
  );
}
