import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { usePreferences } from '../../../shared/store/preferences';

/** Dark/light switch (spec 1 §2); on means dark, the default. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = usePreferences((s) => s.theme);
  const setTheme = usePreferences((s) => s.setTheme);
  const label = theme === 'dark' ? t('header.toLight') : t('header.toDark');
  return (
    <Tooltip title={label}>
      <Switch
        checked={theme === 'dark'}
        onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        aria-label={label}
        data-testid="theme-switch"
      />
    </Tooltip>
  );
}
