import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@exchange/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { HTML_LANGS } from '../../../shared/i18n/locale-map';
import { usePreferences } from '../../../shared/store/preferences';

/** Language picker: the six languages of the header plus French, which the texts also carry. */
export function LangPicker({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const setLang = usePreferences((s) => s.setLang);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((code) => ({
          key: code,
          label: (
            <span lang={HTML_LANGS[code]} data-testid={`lang-${code}`}>
              {LANGUAGE_NAMES[code]}
            </span>
          ),
        })),
        onClick: ({ key }) => setLang(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('header.language')}
        data-testid="lang-picker"
      >
        {compact ? null : LANGUAGE_NAMES[lang]}
      </Button>
    </Dropdown>
  );
}
