import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';
import { registerHref } from '../lib/links';

/** Quick-register box (spec 1 §2 Home): goes to /register with the typed account pre-filled. */
export function QuickRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(registerHref(account));
  };

  return (
    <section className="home-inner home-register" aria-labelledby="home-register-title">
      <h2 id="home-register-title" className="ui-title home-section-title">
        {t('home.register.title')}
      </h2>
      <p className="ui-paragraph ui-secondary">{t('home.register.text')}</p>
      <form onSubmit={submit} className="home-register-form">
        <input
          className="ui-input"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          placeholder={t('home.register.placeholder')}
          aria-label={t('home.register.placeholder')}
          autoComplete="username"
          data-testid="quick-register-input"
        />
        <Button size="large" type="primary" htmlType="submit" data-testid="quick-register-submit">
          {t('home.register.submit')}
        </Button>
      </form>
    </section>
  );
}
