import { flattenTree, type Tree } from './resources';

export type TranslateParams = Record<string, string | number | boolean | null | undefined>;
/** Translates a key of the texts (`markets.col.pair`), filling `{{name}}` placeholders. */
export type TFunction = (key: string, params?: TranslateParams) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills `{{name}}` placeholders; one without a value stays as written, so the gap is visible. */
export function interpolate(text: string, params?: TranslateParams): string {
  if (params === undefined) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * The client's texts: one flat table per loaded language, the language on screen, and listeners
 * told when it changes. A key missing from the language falls back to the fallback language's
 * text, then to the key itself. (The client needs only this much of an i18n library; it keeps
 * about 15 KB of compressed JavaScript out of every first visit.)
 */
export class Translator {
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly listeners = new Set<() => void>();
  private current: string;

  constructor(private readonly fallback: string) {
    this.current = fallback;
  }

  get language(): string {
    return this.current;
  }

  /** Adds (or extends) a language's texts from a translation tree. */
  addTexts(lang: string, tree: Tree): void {
    const table = this.texts.get(lang) ?? new Map<string, string>();
    for (const [key, text] of Object.entries(flattenTree(tree))) table.set(key, text);
    this.texts.set(lang, table);
  }

  has(lang: string): boolean {
    return this.texts.has(lang);
  }

  /** Shows another language; its texts must have been added. */
  setLanguage(lang: string): void {
    if (lang === this.current) return;
    if (!this.texts.has(lang)) throw new Error(`No texts for ${lang}`);
    this.current = lang;
    for (const listener of this.listeners) listener();
  }

  t: TFunction = (key, params) => {
    const text = this.texts.get(this.current)?.get(key) ?? this.texts.get(this.fallback)?.get(key);
    return text === undefined ? key : interpolate(text, params);
  };

  /** For useSyncExternalStore: called on every language change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLanguage = (): string => this.current;
}
