import { CALLS, LOGOUT_REDIRECT_MS } from '@exchange/contract';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { request, toastSuccess } from '../../../shared/api/client';
import { navigateTo } from '../../../shared/api/navigation';
import { useSession } from '../../../shared/store/session';

/** Logout (spec 1 §4): end the session, say so, then /login?type=1 after 1 s. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await request(CALLS.logout, {}, { silent: true });
    } catch {
      // Already expired or unreachable: the session still ends on this device.
    }
    useSession.getState().clear();
    toastSuccess(t('header.logoutSuccess'));
    setTimeout(() => navigateTo('/login?type=1'), LOGOUT_REDIRECT_MS);
  }, [t]);
}
