import type { CSSProperties } from 'react';

/**
 * Figures in tabular (equal) widths, so columns of numbers line up and a pushed price never moves
 * the layout. The class is global (shared/theme/global.css, which also sets every `<td>`); the
 * style is for places a class cannot reach (antd `styles`, canvas-free charts' DOM labels).
 */
export const TABULAR_NUMS = 'num';

export const TABULAR_NUMS_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums' };
