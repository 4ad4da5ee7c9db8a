import { useTranslation } from '../../../shared/i18n/translation';
import { AuthShell } from '../components/auth-shell';
import { ForgotForm } from '../components/forgot-form';

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <ForgotForm />
    </AuthShell>
  );
}
