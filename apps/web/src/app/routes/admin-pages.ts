/** The operator pages: one chunk, loaded only when an admin opens /admin. */
export { DepositsPage } from '../../features/admin/pages/deposits-page';
export { EarnAdminPage } from '../../features/admin/pages/earn-page';
export { FeedbackAdminPage } from '../../features/admin/pages/feedback-page';
export { IdentitiesPage } from '../../features/admin/pages/identities-page';
export { LeverAdminPage } from '../../features/admin/pages/lever-page';
export { MicroAdminPage } from '../../features/admin/pages/micro-page';
export { SettingsPage } from '../../features/admin/pages/settings-page';
export { WithdrawalsPage } from '../../features/admin/pages/withdrawals-page';
