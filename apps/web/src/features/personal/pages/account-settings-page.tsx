import {
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@exchange/contract';
import { Button, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/ui/toast';
import { useAuthorizationCode, useRegenerateCode } from '../api/authorization-code';
import { useCheckPaypass, useUserInfo } from '../../../shared/api/user-info';
import { CopyButton } from '../components/copy-button';
import { LinkButton } from '../../../shared/ui/link-button';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import { SecurityBar } from '../components/security-bar';
import { identityState, type IdentityState } from '../lib/security';
import styles from '../components/account-settings.module.css';
import panel from '../components/panel.module.css';

interface RowProps {
  icon: ReactNode;
  title: string;
  /** What is set (or that nothing is). */
  value: ReactNode;
  action?: ReactNode;
  testId: string;
}

/** One line of the settings: what it is, its state, and what can be done. */
function Row({ icon, title, value, action, testId }: RowProps) {
  return (
    <li className={styles.row} data-testid={testId}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <div className={styles.rowText}>
        <div className={styles.rowTitle}>{title}</div>
        <div className={styles.rowValue}>{value}</div>
      </div>
      {action && <div className={styles.rowAction}>{action}</div>}
    </li>
  );
}

const IDENTITY_COLOR: Record<IdentityState, string | undefined> = {
  none: undefined,
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

function phoneText(user: UserInfo): string | null {
  if (!user.mobile) return null;
  return user.country_code ? `+${user.country_code} ${user.mobile}` : user.mobile;
}

/** The authorization code (an agent adds the user with it): copy, or replace with a new one. */
function AuthorizationCodeRow() {
  const { t } = useTranslation();
  const code = useAuthorizationCode();
  const regenerate = useRegenerateCode();
  const value = code.data?.code;
  return (
    <Row
      icon={<KeyOutlined />}
      title={t('personal.settings.authCode')}
      testId="settings-auth-code"
      value={
        code.isError ? (
          <span className="down">{t('personal.state.errorTitle')}</span>
        ) : (
          <>
            <code className={styles.code} data-testid="auth-code">
              {value ?? '…'}
            </code>
            <span className={styles.note}>{t('personal.settings.authCodeHint')}</span>
          </>
        )
      }
      action={
        <>
          {value && (
            <CopyButton
              value={value}
              label={t('personal.settings.authCode')}
              testId="auth-code-copy"
            />
          )}
          <Popconfirm
            title={t('personal.settings.regenerateTitle')}
            description={t('personal.settings.regenerateText')}
            okText={t('personal.settings.regenerate')}
            cancelText={t('personal.cancel')}
            onConfirm={() =>
              regenerate.mutateAsync().then(
                () => toastSuccess(t('personal.settings.regenerated')),
                () => undefined, // The api client has said why.
              )
            }
          >
            <Button size="small" loading={regenerate.isPending} data-testid="auth-code-regenerate">
              {t('personal.settings.regenerate')}
            </Button>
          </Popconfirm>
        </>
      }
    />
  );
}

/** /personal/accountSettings (spec 3 screen 3): security level and every security setting. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const paypass = useCheckPaypass();

  let body: ReactNode;
  if (user.isError) {
    body = (
      <ErrorBlock
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
        testId="settings-error"
      />
    );
  } else if (!user.data || paypass.isPending) {
    body = <LoadingBlock testId="settings-loading" />;
  } else {
    const u = user.data;
    const phone = phoneText(u);
    const identity = identityState(u.review_status);
    const hasPaypass = paypass.data?.has_pay_password;
    const notBound = <span className={styles.muted}>{t('personal.settings.notBound')}</span>;
    body = (
      <>
        <div className={styles.top}>
          <SecurityBar level={u.security_level} />
          <div className={styles.invite}>
            <span className={styles.inviteLabel}>{t('personal.settings.inviteCode')}</span>
            <span className={styles.inviteRow}>
              <code className={styles.code} data-testid="invite-code">
                {u.invite_code}
              </code>
              <CopyButton
                value={u.invite_code}
                label={t('personal.settings.inviteCode')}
                testId="invite-code-copy"
              />
            </span>
          </div>
        </div>
        <ul className={styles.rows}>
          <Row
            icon={<MobileOutlined />}
            title={t('personal.settings.phone')}
            testId="settings-phone"
            value={phone ? <span data-testid="bound-mobile">{phone}</span> : notBound}
          />
          <Row
            icon={<MailOutlined />}
            title={t('personal.settings.email')}
            testId="settings-email"
            value={u.email ? <span data-testid="bound-email">{u.email}</span> : notBound}
            action={
              u.email ? undefined : (
                <LinkButton
                  to="/bindAccount"
                  data-testid="bind-email-link"
                  size="small"
                  type="primary"
                >
                  {t('personal.settings.bind')}
                </LinkButton>
              )
            }
          />
          <Row
            icon={<LockOutlined />}
            title={t('personal.settings.loginPassword')}
            testId="settings-login-password"
            value={t('personal.settings.loginPasswordHint')}
            action={
              <LinkButton
                to="/resetPassword?fromSet=1"
                data-testid="change-password-link"
                size="small"
              >
                {t('personal.settings.change')}
              </LinkButton>
            }
          />
          <Row
            icon={<SafetyOutlined />}
            title={t('personal.settings.tradePassword')}
            testId="settings-trade-password"
            value={
              hasPaypass === undefined ? (
                '—'
              ) : hasPaypass ? (
                t('personal.settings.tradePasswordSet')
              ) : (
                <span className={styles.muted}>{t('personal.settings.tradePasswordUnset')}</span>
              )
            }
            action={
              <LinkButton
                to="/tradePassword"
                data-testid="trade-password-link"
                size="small"
                type={hasPaypass === false ? 'primary' : 'default'}
              >
                {t(hasPaypass === false ? 'personal.settings.set' : 'personal.settings.change')}
              </LinkButton>
            }
          />
          <AuthorizationCodeRow />
          <Row
            icon={<IdcardOutlined />}
            title={t('personal.settings.identity')}
            testId="settings-identity"
            value={
              <Tag
                color={IDENTITY_COLOR[identity]}
                data-testid="identity-status"
                data-state={identity}
              >
                {t(`personal.identityState.${identity}`)}
              </Tag>
            }
            action={
              <LinkButton
                to="/personal/authentication"
                data-testid="identity-link"
                size="small"
                type={identity === 'none' || identity === 'rejected' ? 'primary' : 'default'}
              >
                {t(
                  identity === 'none' || identity === 'rejected'
                    ? 'personal.settings.verify'
                    : 'personal.settings.view',
                )}
              </LinkButton>
            }
          />
        </ul>
      </>
    );
  }

  return (
    <section className={panel.panel} data-testid="account-settings-page">
      <div className={panel.head}>
        <h1 className={panel.title}>{t('personal.menu.accountSettings')}</h1>
      </div>
      {body}
    </section>
  );
}
