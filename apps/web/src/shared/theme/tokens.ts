import { DOWN_COLOR, UP_COLOR, type Theme } from '@exchange/contract';
import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The brand colour: buttons, links, the active tab. */
export const BRAND_COLOR = '#2962ff';
/** The brand colour as text on the dark surfaces (4.5:1 or more). */
const BRAND_TEXT_DARK = '#7b9cff';

const SURFACES: Record<Theme, { bg: string; container: string; textSecondary: string }> = {
  // Secondary text as global.css's --color-text-secondary: 4.5:1 or more on the containers
  // (antd's default on dark, #7e8186 on #151a23, is 4.46:1).
  dark: { bg: '#0b0e14', container: '#151a23', textSecondary: '#9aa3b5' },
  light: { bg: '#f5f7fa', container: '#ffffff', textSecondary: '#5d677a' },
};

/** antd theme per mode (the CSS variables of global.css mirror these colours). */
export function antdThemeFor(mode: Theme): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND_COLOR,
      colorInfo: BRAND_COLOR,
      colorSuccess: UP_COLOR,
      colorError: DOWN_COLOR,
      colorBgLayout: SURFACES[mode].bg,
      colorBgContainer: SURFACES[mode].container,
      colorTextSecondary: SURFACES[mode].textSecondary,
      colorTextDescription: SURFACES[mode].textSecondary,
      borderRadius: 8,
      fontFamily:
        "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif",
    },
    // The active tab's text in the brand colour is 2.9:1 on the dark containers: a lighter tone of
    // it there (6.7:1); light mode keeps the brand colour (4.9:1 on white).
    components:
      mode === 'dark'
        ? { Tabs: { itemSelectedColor: BRAND_TEXT_DARK, itemHoverColor: BRAND_TEXT_DARK } }
        : {},
  };
}
