/** The earning pages (the list at /deposit and the log at /coinlog): one chunk. */
export { EarnLogPage } from '../../features/earn/pages/earn-log-page';
export { EarnPage } from '../../features/earn/pages/earn-page';
