import {
  checkAccount,
  CODE_TYPE,
  MOBILE_RE,
  NEWS_CATEGORY,
  PRIVACY_NEWS_ID,
  REGISTER_REDIRECT_MS,
  type AccountType,
} from '@exchange/contract';
import { Button, Checkbox, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import { Link, useSearchParams } from 'react-router';
import { navigateTo } from '../../../shared/api/navigation';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useAreaList } from '../api/area-list';
import { useRegister } from '../api/register';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import { validateRegister } from '../lib/validate';
import { AreaSelect } from './area-select';
import { NewPasswordFields } from '../../../shared/ui/password-field';
import { SendCodeField } from '../../../shared/ui/send-code-field';

const PRIVACY_URL = `/notice?id=${PRIVACY_NEWS_ID}&category_id=${NEWS_CATEGORY.legal}`;

/** Register (spec 1 §2, §4, §5): e-mail or phone, code, passwords, invitation, agreement. */
export function RegisterForm() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // `?haccount=` comes from the home page's quick-register box; digits mean a phone number.
  const [prefill] = useState(() => (search.get('haccount') ?? '').trim());
  const [lockedInvite] = useState(() => (search.get('extension_code') ?? '').trim());
  const [type, setType] = useState<AccountType>(() =>
    MOBILE_RE.test(prefill) ? 'mobile' : 'email',
  );
  const [account, setAccount] = useState(prefill);
  const [areaId, setAreaId] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invite, setInvite] = useState(lockedInvite);
  const [agreed, setAgreed] = useState(true);
  const areas = useAreaList();
  const sender = useCodeSender();
  const register = useRegister();
  const area = areas.data?.find((a) => a.id === areaId) ?? areas.data?.[0];

  function switchType(next: AccountType) {
    if (next === type) return;
    // Switching method clears every field and the code state (spec 1 §4); a locked invite stays.
    setType(next);
    setAccount('');
    setCode('');
    setPassword('');
    setRepassword('');
    setInvite(lockedInvite);
    sender.reset();
  }

  function editAccount(value: string) {
    setAccount(value);
    sender.reset();
  }

  function sendCode() {
    sender.send({ channel: type, to: account, type: CODE_TYPE.register, areaId: area?.id }, () =>
      checkAccount(type, account),
    );
  }

  async function submit() {
    if (register.isPending) return;
    const error = validateRegister({ type, account, agreed, code, password, repassword });
    if (error) return toastError(t(error));
    if (type === 'mobile' && !area) return toastError(t('auth.area_invalid'));
    try {
      await register.mutateAsync({
        type,
        account: account.trim(),
        password: password.trim(),
        re_password: repassword.trim(),
        sms_code: code.trim(),
        invite_code: invite.trim(),
        area_id: type === 'mobile' ? area?.id : undefined,
      });
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('auth.register.success'));
    setTimeout(() => navigateTo('/login'), REGISTER_REDIRECT_MS);
  }

  const accountInput = (
    <Input
      id="register-account"
      value={account}
      onChange={(e) => editAccount(e.target.value)}
      placeholder={
        type === 'email' ? t('auth.field.emailPlaceholder') : t('auth.field.mobilePlaceholder')
      }
      inputMode={type === 'email' ? 'email' : 'tel'}
      autoComplete="username"
      maxLength={100}
      data-testid="register-account"
    />
  );

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      <Segmented<AccountType>
        block
        value={type}
        onChange={switchType}
        options={[
          {
            value: 'email',
            label: <span data-testid="register-method-email">{t('auth.register.byEmail')}</span>,
          },
          {
            value: 'mobile',
            label: <span data-testid="register-method-mobile">{t('auth.register.byMobile')}</span>,
          },
        ]}
        style={{ marginBottom: 20 }}
      />
      <Form.Item
        label={type === 'email' ? t('auth.field.email') : t('auth.field.mobile')}
        htmlFor="register-account"
      >
        {type === 'mobile' ? (
          <Space.Compact block>
            <AreaSelect
              areas={areas.data}
              loading={areas.isLoading}
              value={area?.id}
              onChange={setAreaId}
              testId="register-area"
            />
            {accountInput}
          </Space.Compact>
        ) : (
          accountInput
        )}
      </Form.Item>
      <SendCodeField
        prefix="register"
        value={code}
        onChange={setCode}
        onSend={sendCode}
        sender={sender}
      />
      <NewPasswordFields
        prefix="register"
        label={t('auth.field.password')}
        placeholder={t('auth.field.passwordPlaceholder')}
        password={password}
        onPassword={setPassword}
        repassword={repassword}
        onRepassword={setRepassword}
      />
      <Form.Item label={t('auth.field.invite')} htmlFor="register-invite">
        <Input
          id="register-invite"
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
          placeholder={t('auth.field.invitePlaceholder')}
          disabled={lockedInvite !== ''}
          maxLength={32}
          data-testid="register-invite"
        />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="register-agree"
        >
          <Trans
            i18nKey="auth.register.agree"
            components={{
              notice: (
                <a
                  href={PRIVACY_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="register-privacy"
                />
              ),
            }}
          />
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={register.isPending}
        data-testid="register-submit"
      >
        {t('auth.register.submit')}
      </Button>
      <p style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.toLogin')}</Link>
      </p>
    </Form>
  );
}
