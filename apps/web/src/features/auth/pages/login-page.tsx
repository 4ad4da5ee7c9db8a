import { useTranslation } from '../../../shared/i18n/translation';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm />
    </AuthShell>
  );
}
