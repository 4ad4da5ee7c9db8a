import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Allow-list sanitizer for the HTML body of a news item (spec 1 §2 News detail), built on
 * DOMPurify. News HTML is written by the operator, but a stolen operator session must not turn
 * into script running on every visitor's page, so anything outside these lists is removed.
 * DOMPurify parses into an inert document (scripts never run, images never load), drops comments,
 * event handlers and unknown attributes, and checks URLs; the hooks below add what it has no
 * option for: attributes allowed per tag, raster-only inline images, the inline-style allow-list
 * and the `rel` of links that open a new window.
 */

const KEPT_TAGS = [
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
];

/**
 * Removed together with their content (on top of DOMPurify's own list: script, style, iframe,
 * noscript, template, svg, math, title, head...). Any other tag outside KEPT_TAGS is replaced by
 * its content.
 */
const DROPPED_TAGS = [
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
];

const GLOBAL_ATTRIBUTES = ['title', 'style', 'dir', 'lang', 'align'];
const TAG_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan', 'valign'],
  th: ['colspan', 'rowspan', 'valign', 'scope'],
  col: ['span', 'width'],
  colgroup: ['span'],
  ol: ['start', 'type', 'reversed'],
  table: ['width'],
};
const ALL_ATTRIBUTES = [
  ...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(TAG_ATTRIBUTES).flat()]),
];
/** Only these hold URLs; the others are never read as one. */
const URL_ATTRIBUTES = new Set(['href', 'src']);

const CONFIG: Config = {
  ALLOWED_TAGS: KEPT_TAGS,
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  ADD_FORBID_CONTENTS: DROPPED_TAGS,
  ADD_URI_SAFE_ATTR: ALL_ATTRIBUTES.filter((name) => !URL_ATTRIBUTES.has(name)),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // http(s), mailto and tel, and relative URLs; `javascript:`, `vbscript:`, `data:` (but see
  // SAFE_DATA_IMAGE) and unknown schemes are refused, whitespace and control characters ignored.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/** DOMPurify lets any `data:` URL through as an image source; only inline rasters stay. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
// eslint-disable-next-line no-control-regex
const DATA_SCHEME = /^[\u0000-\u0020]*data:/i;

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
 * Keeps only plain presentational declarations of an inline style (DOMPurify does not look into
 * CSS): no positioning (which could cover the page), no URLs, no escapes. Returns '' when nothing
 * is left.
 */
function sanitizeStyle(style: string): string {
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

function createSanitizer(): DOMPurify {
  const purify = createDOMPurify(window);
  // Fail closed: an unsupported DOMPurify returns its input unchanged.
  if (!purify.isSupported) throw new Error('DOMPurify cannot run in this environment');
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    if (!GLOBAL_ATTRIBUTES.includes(name) && !TAG_ATTRIBUTES[tag]?.includes(name)) {
      data.keepAttr = false;
    } else if (name === 'src' && DATA_SCHEME.test(data.attrValue)) {
      data.keepAttr = SAFE_DATA_IMAGE.test(data.attrValue);
    } else if (name === 'style') {
      data.attrValue = sanitizeStyle(data.attrValue);
      data.keepAttr = data.attrValue !== '';
    } else if (name === 'target') {
      // A link opens here (no target) or in a new window; named windows are not kept.
      if (data.attrValue.toLowerCase() === '_self') data.keepAttr = false;
      else data.attrValue = '_blank';
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify;
}

let sanitizer: DOMPurify | undefined;

/** The cleaned HTML of a news body. Needs a DOM (the browser, or jsdom in tests). */
export function sanitizeHtml(html: string): string {
  sanitizer ??= createSanitizer();
  return sanitizer.sanitize(html, CONFIG);
}
