// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

/** The output for one attribute on a tag, e.g. `<a href="x">t</a>`. */
const withAttr = (tag: string, name: string, value: string) =>
  sanitizeHtml(`<${tag} ${name}="${value.replaceAll('"', '&quot;')}">t</${tag}>`);
const hrefOf = (url: string) =>
  new DOMParser()
    .parseFromString(withAttr('a', 'href', url), 'text/html')
    .querySelector('a')
    ?.getAttribute('href');
const imageSrcOf = (url: string) =>
  new DOMParser()
    .parseFromString(sanitizeHtml(`<img src="${url}">`), 'text/html')
    .querySelector('img')
    ?.getAttribute('src');
const styleOf = (style: string) =>
  new DOMParser()
    .parseFromString(withAttr('span', 'style', style), 'text/html')
    .querySelector('span')
    ?.getAttribute('style') ?? null;

describe('tags', () => {
  it.each(['script', 'STYLE', 'iframe', 'object', 'svg', 'math', 'template', 'form'])(
    'drops %s with its content',
    (tag) => {
      expect(sanitizeHtml(`<div>a<${tag}>secret</${tag}>b</div>`)).toBe('<div>ab</div>');
    },
  );
  it('drops embed (a void element)', () => {
    expect(
      sanitizeHtml('<div>a<embed src="x.swf" type="application/x-shockwave-flash">b</div>'),
    ).toBe('<div>ab</div>');
  });
  it.each(['p', 'A', 'h2', 'strong', 'ul', 'li'])('keeps %s', (tag) => {
    const lower = tag.toLowerCase();
    expect(sanitizeHtml(`<div><${tag}>x</${tag}></div>`)).toBe(`<div><${lower}>x</${lower}></div>`);
  });
  it('keeps images and tables', () => {
    expect(sanitizeHtml('<img alt="a">')).toBe('<img alt="a">');
    expect(sanitizeHtml('<table><tbody><tr><td>1</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td>1</td></tr></tbody></table>',
    );
  });
  it.each(['font', 'center', 'custom-element', 'marquee'])('unwraps unknown %s', (tag) => {
    expect(sanitizeHtml(`<div>a<${tag}><b>kept</b></${tag}>c</div>`)).toBe(
      '<div>a<b>kept</b>c</div>',
    );
  });
  it('removes comments', () => {
    expect(sanitizeHtml('<p>a<!-- note -->b</p>')).toBe('<p>ab</p>');
  });
});

describe('URLs', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:support@example.com',
    'tel:+84123456',
    '/notice?id=3',
    '#top',
    'images/a.png',
    '//cdn.example.com/a.png',
  ])('accepts %s', (url) => {
    expect(hrefOf(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
  ])('refuses %j', (url) => {
    expect(hrefOf(url)).toBeNull();
    expect(imageSrcOf(url)).toBeNull();
  });

  it('allows inline raster images only as image sources', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(imageSrcOf(png)).toBe(png);
    expect(hrefOf(png)).toBeNull();
    expect(imageSrcOf('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
  });

  it('trims the URLs it keeps', () => {
    expect(withAttr('a', 'href', ' https://example.com ')).toBe(
      '<a href="https://example.com">t</a>',
    );
    expect(sanitizeHtml('<img src="data:image/gif;base64,R0lGOD==">')).toBe(
      '<img src="data:image/gif;base64,R0lGOD==">',
    );
  });
});

describe('inline styles', () => {
  it('keeps presentational declarations', () => {
    expect(styleOf('color: red; TEXT-ALIGN:center;')).toBe('color: red; text-align: center');
    expect(styleOf('color:red')).toBe('color: red');
  });
  it('drops positioning, URLs and escapes', () => {
    expect(styleOf('position: fixed; top: 0; z-index: 9999')).toBeNull();
    expect(styleOf('position:absolute')).toBeNull();
    expect(styleOf('background-color: url(https://x/y.png); color: blue')).toBe('color: blue');
    expect(styleOf('width: expression(alert(1))')).toBeNull();
    expect(styleOf('color: \\72 ed')).toBeNull();
  });
});

describe('attributes', () => {
  it('removes event handlers on any tag', () => {
    expect(sanitizeHtml('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png">');
    expect(sanitizeHtml('<p ONCLICK="alert(1)">t</p>')).toBe('<p>t</p>');
  });
  it('removes unknown attributes, ids and names', () => {
    expect(withAttr('p', 'id', 'x')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img name="x" alt="a">')).toBe('<img alt="a">');
    expect(withAttr('p', 'href', 'https://x')).toBe('<p>t</p>');
    expect(withAttr('div', 'srcdoc', '<script>')).toBe('<div>t</div>');
    expect(withAttr('p', 'data-x', '1')).toBe('<p>t</p>');
    expect(withAttr('p', 'aria-label', '1')).toBe('<p>t</p>');
    expect(withAttr('p', 'class', 'c')).toBe('<p>t</p>');
  });
  it('keeps ordinary attributes', () => {
    expect(sanitizeHtml('<table><tbody><tr><td colspan="2">t</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">t</td></tr></tbody></table>',
    );
    expect(sanitizeHtml('<img alt="chart">')).toBe('<img alt="chart">');
    expect(withAttr('p', 'title', 'Note: read me')).toBe('<p title="Note: read me">t</p>');
  });
});

describe('links', () => {
  it('opens other windows only as _blank, without opener or referrer', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="evil-window">t</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(sanitizeHtml('<a href="https://x.test" target="_blank" rel="opener">t</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">t</a>',
    );
  });
  it('drops _self targets and any rel of links that stay', () => {
    expect(sanitizeHtml('<a href="/a" target="_self" rel="opener">t</a>')).toBe(
      '<a href="/a">t</a>',
    );
  });
});
