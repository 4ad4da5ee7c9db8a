import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { renderTags } from './translation';
import { interpolate, Translator } from './translator';

// renderTags needs no texts; the client's translator (and its stored preferences) stay out.
vi.mock('./setup', async () => {
  const { Translator: Empty } = await import('./translator');
  return { i18n: new Empty('en') };
});

describe('Translator', () => {
  const make = () => {
    const tr = new Translator('en');
    tr.addTexts('en', { a: { hello: 'Hello {{name}}', only: 'English only' } });
    tr.addTexts('vi', { a: { hello: 'Xin chào {{ name }}' } });
    return tr;
  };

  it('translates nested keys and fills placeholders, spaces or not', () => {
    const tr = make();
    expect(tr.t('a.hello', { name: 'Lan' })).toBe('Hello Lan');
    tr.setLanguage('vi');
    expect(tr.t('a.hello', { name: 'Lan' })).toBe('Xin chào Lan');
  });

  it('falls back to the fallback language, then to the key', () => {
    const tr = make();
    tr.setLanguage('vi');
    expect(tr.t('a.only')).toBe('English only');
    expect(tr.t('a.missing')).toBe('a.missing');
  });

  it('refuses a language without texts and keeps the one on screen', () => {
    const tr = make();
    expect(() => tr.setLanguage('fr')).toThrow(/fr/);
    expect(tr.language).toBe('en');
  });

  it('tells listeners of a change, once, and not after unsubscribing', () => {
    const tr = make();
    const heard = vi.fn();
    const stop = tr.subscribe(heard);
    tr.setLanguage('vi');
    tr.setLanguage('vi');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    tr.setLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('leaves a placeholder without a value visible and writes 0 and false', () => {
    expect(interpolate('{{a}} {{b}} {{c}}', { a: 0, c: false })).toBe('0 {{b}} false');
    expect(interpolate('{{a}}')).toBe('{{a}}');
  });
});

describe('renderTags', () => {
  it('puts elements at paired and self-closing tags and keeps the rest as text', () => {
    const html = renderToStaticMarkup(
      <>
        {renderTags('Read the <notice>privacy notice</notice>, ref <ref/> and <x>y</x>.', {
          notice: <a href="/p" />,
          ref: <code>abc</code>,
        })}
      </>,
    );
    expect(html).toBe('Read the <a href="/p">privacy notice</a>, ref <code>abc</code> and y.');
  });
});
