import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY } from '@exchange/contract';
import { theme } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSetting } from '../../../shared/api/settings';
import '../news.css';
import { FooterColumn } from './footer-column';

/** Site footer (spec 1 §2 Footer): about, support and news titles, contacts, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useSetting('contact_mobile')?.trim();
  const email = useSetting('contact_email')?.trim();

  return (
    <footer
      className="news-footer"
      data-testid="footer"
      style={{ borderColor: token.colorBorderSecondary, color: token.colorTextSecondary }}
    >
      <div className="news-footer-grid">
        <FooterColumn categoryId={NEWS_CATEGORY.about} heading={t('footer.about')} />
        <FooterColumn categoryId={NEWS_CATEGORY.support} heading={t('footer.support')} />
        <FooterColumn categoryId={NEWS_CATEGORY.news} heading={t('footer.news')} />
        {mobile || email ? (
          <section className="news-footer-column" aria-label={t('footer.contact')}>
            <h3 className="news-footer-heading" style={{ color: token.colorText }}>
              {t('footer.contact')}
            </h3>
            <ul>
              {mobile ? (
                <li>
                  <PhoneOutlined aria-hidden />{' '}
                  <a href={`tel:${mobile.replace(/[^\d+]/g, '')}`} className="news-tabular">
                    {mobile}
                  </a>
                </li>
              ) : null}
              {email ? (
                <li>
                  <MailOutlined aria-hidden /> <a href={`mailto:${email}`}>{email}</a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </div>
      <p className="news-footer-copyright">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
