/** The signed-in account pages and their layout: one chunk, loaded on the first of them. */
export { AccountSettingsPage } from '../../features/personal/pages/account-settings-page';
export { AuthenticationPage } from '../../features/personal/pages/authentication-page';
export { BindAccountPage } from '../../features/personal/pages/bind-account-page';
export { BindInfoPage } from '../../features/personal/pages/bind-info-page';
export { CollectionSettingsPage } from '../../features/personal/pages/collection-settings-page';
export { FeedbackPage } from '../../features/personal/pages/feedback-page';
export { FreezeAccountPage } from '../../features/personal/pages/freeze-account-page';
export { PersonalLayout } from '../../features/personal/pages/personal-layout';
export { ResetPasswordPage } from '../../features/personal/pages/reset-password-page';
export { SetBankPage } from '../../features/personal/pages/set-bank-page';
export { TransactionLogPage } from '../../features/personal/pages/transaction-log-page';
