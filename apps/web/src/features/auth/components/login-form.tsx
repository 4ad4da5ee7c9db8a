import { checkAccount, CODE_TYPE, type AccountType } from '@exchange/contract';
import { Button, Checkbox, Form, Input, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadSessionUser } from '../../../shared/api/session-user';
import { useSetting } from '../../../shared/api/settings';
import { useSession } from '../../../shared/store/session';
import { appStorage } from '../../../shared/store/storage';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useAreaList } from '../api/area-list';
import { useLogin } from '../api/login';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import {
  initialFields,
  readRememberedLogin,
  saveLogin,
  type LoginTab,
} from '../lib/remember-login';
import { safeRedirect } from '../lib/safe-redirect';
import { validateLogin } from '../lib/validate';
import { AreaSelect } from './area-select';
import { PasswordField } from '../../../shared/ui/password-field';
import { SendCodeField } from '../../../shared/ui/send-code-field';

const TAB_TYPE: Record<LoginTab, AccountType> = { 0: 'email', 1: 'mobile' };

/** Login (spec 1 §2, §4, §5): e-mail and phone tabs, optional SMS code, remember me. */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const saved = useMemo(() => readRememberedLogin(appStorage), []);
  const [tab, setTab] = useState<LoginTab>(saved.tab);
  const [account, setAccount] = useState(() => initialFields(saved, saved.tab).account);
  const [areaId, setAreaId] = useState(() => initialFields(saved, saved.tab).areaId);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(saved.remember);
  const codeRequired = useSetting('login_use_sms') === '1';
  const areas = useAreaList();
  const sender = useCodeSender();
  const login = useLogin();
  const setToken = useSession((s) => s.setToken);
  const type = TAB_TYPE[tab];
  // The remembered area if it still exists, else the first area of the list (spec 1 §2).
  const area = areas.data?.find((a) => a.id === areaId) ?? areas.data?.[0];

  function switchTab(next: LoginTab) {
    if (next === tab) return;
    const fields = initialFields(saved, next);
    setTab(next);
    setAccount(fields.account);
    setAreaId(fields.areaId);
    setPassword('');
    setCode('');
    sender.reset();
  }

  function editAccount(value: string) {
    setAccount(value);
    sender.reset();
  }

  function sendCode() {
    sender.send({ channel: type, to: account, type: CODE_TYPE.login, areaId: area?.id }, () =>
      checkAccount(type, account),
    );
  }

  async function submit() {
    if (login.isPending) return;
    const error = validateLogin({ type, account, password, code }, codeRequired);
    if (error) return toastError(t(error));
    if (type === 'mobile' && !area) return toastError(t('auth.area_invalid'));
    let token: string;
    try {
      token = await login.mutateAsync({
        login_type: type,
        account: account.trim(),
        password: password.trim(),
        sms_code: code.trim(),
        country_code: type === 'mobile' ? area?.global_code : undefined,
      });
    } catch {
      return; // The api client has said why.
    }
    setToken(token);
    saveLogin(appStorage, {
      tab,
      remember,
      account: account.trim(),
      areaId: type === 'mobile' ? (area?.id ?? null) : null,
    });
    await loadSessionUser().catch(() => undefined);
    toastSuccess(t('auth.login.success'));
    void navigate(safeRedirect(search.get('page')) ?? '/home', { replace: true });
  }

  const accountLabel = type === 'email' ? t('auth.field.email') : t('auth.field.mobile');
  const accountInput = (
    <Input
      id="login-account"
      value={account}
      onChange={(e) => editAccount(e.target.value)}
      placeholder={
        type === 'email' ? t('auth.field.emailPlaceholder') : t('auth.field.mobilePlaceholder')
      }
      inputMode={type === 'email' ? 'email' : 'tel'}
      autoComplete="username"
      maxLength={100}
      data-testid="login-account"
    />
  );

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => switchTab(key === '1' ? 1 : 0)}
        items={[
          {
            key: '0',
            label: <span data-testid="login-tab-email">{t('auth.login.tabEmail')}</span>,
          },
          {
            key: '1',
            label: <span data-testid="login-tab-mobile">{t('auth.login.tabMobile')}</span>,
          },
        ]}
      />
      <Form.Item label={accountLabel} htmlFor="login-account">
        {type === 'mobile' ? (
          <Space.Compact block>
            <AreaSelect
              areas={areas.data}
              loading={areas.isLoading}
              value={area?.id}
              onChange={setAreaId}
              testId="login-area"
            />
            {accountInput}
          </Space.Compact>
        ) : (
          accountInput
        )}
      </Form.Item>
      <PasswordField
        id="login-password"
        label={t('auth.field.password')}
        placeholder={t('auth.field.passwordPlaceholder')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      {codeRequired && (
        <SendCodeField
          prefix="login"
          value={code}
          onChange={setCode}
          onSend={sendCode}
          sender={sender}
        />
      )}
      <Form.Item>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Checkbox
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            data-testid="login-remember"
          >
            {t('auth.login.remember')}
          </Checkbox>
          <Link to="/forgetPassword" data-testid="login-forgot">
            {t('auth.login.forgot')}
          </Link>
        </Space>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={login.isPending}
        data-testid="login-submit"
      >
        {t('auth.login.submit')}
      </Button>
      <p style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.toRegister')}</Link>
      </p>
    </Form>
  );
}
