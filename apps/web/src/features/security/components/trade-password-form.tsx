import type { UserInfo } from '@exchange/contract';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { PasswordChangeFields } from '../../../shared/ui/password-field';
import { SendCodeField } from '../../../shared/ui/send-code-field';
import { useCodeSender } from '../../../shared/ui/use-code-sender';
import { useAmendPayPassword } from '../api/amend-pay-password';
import { codeTarget, maskAccount } from '../lib/code-target';
import { backTarget } from '../lib/go-back';
import { validateTradePassword } from '../lib/validate';

interface Props {
  user: UserInfo;
  /** A trade password is already set: the old one is asked for (spec 3 §5). */
  hasOld: boolean;
}

/**
 * Set or change the trade password (spec 3 screen 9): old password when one exists, the new one
 * twice, and a code of type 3 sent to the account's own e-mail (or mobile); then back one page.
 */
export function TradePasswordForm({ user, hasOld }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [code, setCode] = useState('');
  const sender = useCodeSender();
  const amend = useAmendPayPassword();
  const target = codeTarget(user);

  function sendCode() {
    if (target) sender.send(target, () => null);
  }

  async function submit() {
    if (amend.isPending) return;
    const error = validateTradePassword({ hasOld, old, password, repassword, code });
    if (error) return toastError(t(error));
    try {
      await amend.mutateAsync({
        password: password.trim(),
        re_password: repassword.trim(),
        old_password: hasOld ? old.trim() : '',
        auth_code: code.trim(),
      });
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t(hasOld ? 'security.tradePassword.changed' : 'security.tradePassword.set'));
    const back = backTarget(window.history.state);
    if (back === -1) void navigate(-1);
    else void navigate(back, { replace: true });
  }

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      <PasswordChangeFields
        prefix="paypass"
        texts="security.tradePassword"
        old={hasOld ? { value: old, onChange: setOld, autoComplete: 'off' } : null}
        password={password}
        onPassword={setPassword}
        repassword={repassword}
        onRepassword={setRepassword}
      />
      <SendCodeField
        prefix="paypass"
        value={code}
        onChange={setCode}
        onSend={sendCode}
        sender={sender}
        extra={
          target ? (
            <span data-testid="paypass-code-to">
              {t('security.tradePassword.codeTo', { account: maskAccount(target.to) })}
            </span>
          ) : undefined
        }
      />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={amend.isPending}
        data-testid="paypass-submit"
      >
        {t(hasOld ? 'security.tradePassword.submitChange' : 'security.tradePassword.submitSet')}
      </Button>
    </Form>
  );
}
