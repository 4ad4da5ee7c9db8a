import { describe, expect, it } from 'vitest';
import { cleanAttribute, isSafeUrl, sanitizeStyle, tagAction } from './sanitize-policy';

describe('tagAction', () => {
  it.each(['script', 'STYLE', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'form'])(
    'drops %s with its content',
    (tag) => {
      expect(tagAction(tag)).toBe('drop');
    },
  );
  it.each(['p', 'A', 'img', 'table', 'td', 'h2', 'strong', 'ul', 'li'])('keeps %s', (tag) => {
    expect(tagAction(tag)).toBe('keep');
  });
  it.each(['font', 'center', 'custom-element', 'marquee'])('unwraps unknown %s', (tag) => {
    expect(tagAction(tag)).toBe('unwrap');
  });
});

describe('isSafeUrl', () => {
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
    expect(isSafeUrl(url)).toBe(true);
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
    expect(isSafeUrl(url)).toBe(false);
  });

  it('allows inline raster images only as image sources', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(isSafeUrl(png, 'image')).toBe(true);
    expect(isSafeUrl(png, 'link')).toBe(false);
    expect(isSafeUrl('data:image/svg+xml;base64,PHN2Zz4=', 'image')).toBe(false);
  });
});

describe('sanitizeStyle', () => {
  it('keeps presentational declarations', () => {
    expect(sanitizeStyle('color: red; TEXT-ALIGN:center;')).toBe('color: red; text-align: center');
  });
  it('drops positioning, URLs and escapes', () => {
    expect(sanitizeStyle('position: fixed; top: 0; z-index: 9999')).toBe('');
    expect(sanitizeStyle('background-color: url(https://x/y.png); color: blue')).toBe(
      'color: blue',
    );
    expect(sanitizeStyle('width: expression(alert(1))')).toBe('');
    expect(sanitizeStyle('color: \\72 ed')).toBe('');
  });
});

describe('cleanAttribute', () => {
  it('removes event handlers on any tag', () => {
    expect(cleanAttribute('img', 'onerror', 'alert(1)')).toBeNull();
    expect(cleanAttribute('p', 'ONCLICK', 'alert(1)')).toBeNull();
  });
  it('removes unknown attributes, ids and names', () => {
    expect(cleanAttribute('p', 'id', 'x')).toBeNull();
    expect(cleanAttribute('img', 'name', 'x')).toBeNull();
    expect(cleanAttribute('p', 'href', 'https://x')).toBeNull();
    expect(cleanAttribute('div', 'srcdoc', '<script>')).toBeNull();
  });
  it('checks URLs', () => {
    expect(cleanAttribute('a', 'href', ' https://example.com ')).toBe('https://example.com');
    expect(cleanAttribute('a', 'href', 'javascript:alert(1)')).toBeNull();
    expect(cleanAttribute('img', 'src', 'data:image/gif;base64,R0lGOD==')).toBe(
      'data:image/gif;base64,R0lGOD==',
    );
  });
  it('cleans styles and normalises targets', () => {
    expect(cleanAttribute('span', 'style', 'position:absolute')).toBeNull();
    expect(cleanAttribute('span', 'style', 'color:red')).toBe('color: red');
    expect(cleanAttribute('a', 'target', 'evil-window')).toBe('_blank');
    expect(cleanAttribute('a', 'target', '_self')).toBeNull();
  });
  it('keeps ordinary attributes', () => {
    expect(cleanAttribute('td', 'colspan', '2')).toBe('2');
    expect(cleanAttribute('img', 'alt', 'chart')).toBe('chart');
  });
});
