import { Button } from 'antd';
import { useTranslation } from '../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { Result } from '../../shared/ui/result';

/** The 404 page: unknown paths, and screens this build does not offer yet. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found" style={{ padding: '64px 16px' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.text')}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate('/home')}
            data-testid="not-found-home"
          >
            {t('notFound.home')}
          </Button>
        }
      />
    </div>
  );
}
