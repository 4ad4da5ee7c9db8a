import { DEFAULT_LANG, DEFAULT_THEME, isLang, type Lang, type Theme } from '@exchange/contract';
import { create } from 'zustand';
import { readKey, writeKey } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export interface PreferencesState {
  theme: Theme;
  lang: Lang;
  setTheme: (theme: Theme) => void;
  setLang: (lang: Lang) => void;
}

export function parseTheme(value: string | null): Theme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

export function parseLang(value: string | null): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** Theme and language, persisted under the documents' `theme` and `lang` keys (spec 1 §4). */
export const usePreferences = create<PreferencesState>()((set) => ({
  theme: parseTheme(readKey(STORAGE_KEYS.theme)),
  lang: parseLang(readKey(STORAGE_KEYS.lang)),
  setTheme: (theme) => {
    writeKey(STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  setLang: (lang) => {
    writeKey(STORAGE_KEYS.lang, lang);
    set({ lang });
  },
}));

export function currentLang(): Lang {
  return usePreferences.getState().lang;
}
