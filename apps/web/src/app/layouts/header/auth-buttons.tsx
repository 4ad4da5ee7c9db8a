import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';

/** Signed-out pair of spec 1 §2. */
export function AuthButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button type="text" onClick={() => void navigate('/login')} data-testid="header-login">
        {t('header.login')}
      </Button>
      <Button
        type="primary"
        onClick={() => void navigate('/register')}
        data-testid="header-register"
      >
        {t('header.register')}
      </Button>
    </>
  );
}
