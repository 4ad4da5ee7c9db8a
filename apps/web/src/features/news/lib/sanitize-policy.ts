/**
 * The pure rules of the news-body sanitizer: which tags, attributes, URLs and inline styles
 * survive. News HTML is written by the operator, but a stolen operator session must not turn
 * into script running on every visitor's page, so anything outside these lists is removed.
 */

export type TagAction = 'keep' | 'unwrap' | 'drop';

/** Removed together with their content. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'title',
  'head',
]);

const KEPT_TAGS = new Set([
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'div',
  'span',
  'section',
  'article',
  'figure',
  'figcaption',
]);

/** Known tags are kept, dangerous ones dropped, anything else replaced by its content. */
export function tagAction(tagName: string): TagAction {
  const tag = tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return 'drop';
  return KEPT_TAGS.has(tag) ? 'keep' : 'unwrap';
}

const GLOBAL_ATTRIBUTES = new Set(['title', 'style', 'dir', 'lang', 'align']);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'valign']),
  th: new Set(['colspan', 'rowspan', 'valign', 'scope']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span']),
  ol: new Set(['start', 'type', 'reversed']),
  table: new Set(['width']),
};
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Browsers ignore ASCII whitespace and control characters inside a URL's scheme. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f]/g;
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * Whether a link or image URL is safe: http(s), mailto and tel, relative URLs, and (for images
 * only) inline raster images. `javascript:`, `vbscript:`, other `data:` URLs and unknown schemes
 * are refused, however they are spelled.
 */
export function isSafeUrl(value: string, kind: 'link' | 'image' = 'link'): boolean {
  const compact = value.replace(IGNORED_IN_SCHEME, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return true;
  const lower = `${scheme.toLowerCase()}:`;
  if (lower === 'data:') return kind === 'image' && SAFE_DATA_IMAGE.test(value.trim());
  return SAFE_SCHEMES.has(lower);
}

const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-indent',
  'font-weight',
  'font-style',
  'font-size',
  'line-height',
  'vertical-align',
  'white-space',
  'width',
  'max-width',
  'height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-collapse',
  'list-style-type',
]);
/** Values that could load resources or escape the declaration. */
const UNSAFE_STYLE_VALUE = /url\s*\(|expression\s*\(|image-set|@import|\\|\/\*|[<>{}]/i;

/**
 * Keeps only plain presentational declarations of an inline style: no positioning (which could
 * cover the page), no URLs, no escapes. Returns the cleaned style, or '' when nothing is left.
 */
export function sanitizeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !value || UNSAFE_STYLE_VALUE.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/**
 * The value an attribute keeps after cleaning, or null when it must be removed. Event handlers
 * (`on*`), ids and names (which could clobber globals) and unknown attributes never survive.
 */
export function cleanAttribute(tagName: string, name: string, value: string): string | null {
  const tag = tagName.toLowerCase();
  const attr = name.toLowerCase();
  if (attr.startsWith('on')) return null;
  if (!GLOBAL_ATTRIBUTES.has(attr) && !TAG_ATTRIBUTES[tag]?.has(attr)) return null;
  if (URL_ATTRIBUTES.has(attr)) {
    return isSafeUrl(value, tag === 'img' ? 'image' : 'link') ? value.trim() : null;
  }
  if (attr === 'style') return sanitizeStyle(value) || null;
  if (attr === 'target') return value.trim().toLowerCase() === '_self' ? null : '_blank';
  return value;
}
