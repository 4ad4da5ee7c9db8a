import { ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { antdLocaleOf } from '../i18n/setup';
import { usePreferences } from '../store/preferences';
import { antdThemeFor } from './tokens';

/** antd theme and locale from the preferences; `data-theme` on <html> drives global.css. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = usePreferences((s) => s.theme);
  // The language on screen: a chosen language's locale applies once its chunk is loaded.
  const { i18n } = useTranslation();
  const theme = useMemo(() => antdThemeFor(mode), [mode]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      theme={theme}
      locale={antdLocaleOf(i18n.language)}
      // antd would space out two-character CJK labels ("注 册"); keep the words as written.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}
