import { ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ANTD_LOCALES } from '../i18n/locale-map';
import { usePreferences } from '../store/preferences';
import { antdThemeFor } from './tokens';

/** antd theme and locale from the preferences; `data-theme` on <html> drives global.css. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = usePreferences((s) => s.theme);
  const lang = usePreferences((s) => s.lang);
  const theme = useMemo(() => antdThemeFor(mode), [mode]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      theme={theme}
      locale={ANTD_LOCALES[lang]}
      // antd would space out two-character CJK labels ("注 册"); keep the words as written.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}
