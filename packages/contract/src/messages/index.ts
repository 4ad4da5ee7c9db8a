import type { ErrorKey } from '../errors.js';
import type { Lang } from '../lang.js';
import { du } from './du.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { hk } from './hk.js';
import { jp } from './jp.js';
import { vi } from './vi.js';
import { zh } from './zh.js';

/** Every error key translated; the type makes a missing translation a compile error. */
export type ErrorMessages = Record<ErrorKey, string>;

export const ERROR_MESSAGES: Record<Lang, ErrorMessages> = { vi, en, zh, hk, jp, du, fr };

/** Translate an error key, filling `{{name}}` placeholders. */
export function translateError(
  lang: Lang,
  key: ErrorKey,
  params: Record<string, string | number> = {},
): string {
  const template = ERROR_MESSAGES[lang][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
