import { useTranslation } from '../../../shared/i18n/translation';
import { AuthShell } from '../components/auth-shell';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <RegisterForm />
    </AuthShell>
  );
}
