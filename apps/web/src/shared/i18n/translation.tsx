import {
  cloneElement,
  Fragment,
  isValidElement,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { i18n } from './setup';
import type { TFunction, TranslateParams } from './translator';

export type { TFunction } from './translator';

/**
 * The texts of the language on screen. The component renders again when the language changes,
 * and `t` is then a new function (so memoised values that use it are recomputed).
 */
export function useTranslation(): { t: TFunction; i18n: { language: string } } {
  const language = useSyncExternalStore(i18n.subscribe, i18n.getLanguage);
  return useMemo(
    () => ({ t: (key, params) => i18n.t(key, params), i18n: { language } }),
    [language],
  );
}

/** `<name>inner</name>` or `<name/>` in a text; tags do not nest. */
const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/**
 * Splits a translated text at its tags and puts the given elements there: `<notice>privacy
 * notice</notice>` becomes the `notice` element with the inner text as its children; `<ref/>` the
 * `ref` element as it is. A tag without an element stays as plain text.
 */
export function renderTags(
  text: string,
  components: Record<string, ReactElement<{ children?: ReactNode }>>,
): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const index = match.index;
    if (index > at) out.push(text.slice(at, index));
    const name = match[1] ?? match[3] ?? '';
    const element = components[name];
    if (element === undefined || !isValidElement(element)) out.push(match[2] ?? match[0]);
    else if (match[1] !== undefined) out.push(cloneElement(element, { key: index }, match[2]));
    else out.push(<Fragment key={index}>{element}</Fragment>);
    at = index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** A text with elements in it (a link inside a sentence); translators move the tags freely. */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TranslateParams;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  return <>{renderTags(t(i18nKey, values), components)}</>;
}
