import { DOWN_COLOR, UP_COLOR, type Theme } from '@exchange/contract';
import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The brand colour: buttons, links, the active tab. */
export const BRAND_COLOR = '#2962ff';

const SURFACES: Record<Theme, { bg: string; container: string }> = {
  dark: { bg: '#0b0e14', container: '#151a23' },
  light: { bg: '#f5f7fa', container: '#ffffff' },
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
      borderRadius: 8,
      fontFamily:
        "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif",
    },
  };
}
