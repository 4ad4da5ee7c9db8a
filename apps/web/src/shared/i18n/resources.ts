import { LANGUAGES, type Lang } from '@exchange/contract';

/** A translation tree: nested namespaces whose leaves are texts. */
export interface Tree {
  [key: string]: string | Tree;
}

export function isTree(value: unknown): value is Tree {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string' || isTree(v));
}

/** `{ 'register.emptyEmail': 'x' }` → `{ register: { emptyEmail: 'x' } }`. */
export function nestKeys(flat: Record<string, string>): Tree {
  const root: Tree = {};
  const conflicts: string[] = [];
  for (const [key, text] of Object.entries(flat)) {
    let branch: Tree | string = text;
    for (const part of key.split('.').reverse()) branch = { [part]: branch };
    if (typeof branch === 'string') continue;
    mergeTree(root, branch, conflicts);
  }
  if (conflicts.length > 0) throw new Error(`Conflicting keys: ${conflicts.join(', ')}`);
  return root;
}

/**
 * Deep-merges `source` into `target` (mutating it). A key that is a text in one tree and a
 * namespace in the other, or a text defined twice, is reported in `conflicts`; the first wins.
 */
export function mergeTree(target: Tree, source: Tree, conflicts: string[], prefix = ''): Tree {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const existing = target[key];
    if (existing === undefined) {
      target[key] = typeof value === 'string' ? value : mergeTree({}, value, conflicts, path);
    } else if (typeof existing !== 'string' && typeof value !== 'string') {
      mergeTree(existing, value, conflicts, path);
    } else {
      conflicts.push(path);
    }
  }
  return target;
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export function flattenTree(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenTree(value, path));
  }
  return out;
}

/** The `{{name}}` placeholders of a text, sorted and unique. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (match[1]) names.add(match[1]);
  return [...names].sort();
}

/** `../../locales/en/common.json` → `{ lang: 'en', file: 'common.json' }`. */
export function localeFileOf(path: string): { lang: Lang; file: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+\.json)$/.exec(path);
  const lang = match?.[1];
  const file = match?.[2];
  if (!lang || !file || !(LANGUAGES as readonly string[]).includes(lang)) return null;
  return { lang: lang as Lang, file };
}

export interface BuiltResources {
  trees: Record<Lang, Tree>;
  /** Per language, per file name, the file's tree. */
  files: Record<Lang, Record<string, Tree>>;
  /** Keys defined twice or both as text and namespace, and files that are not translation trees. */
  conflicts: string[];
}

/** Merges the contract's error texts with every locale file, per language. */
export function buildResources(
  errorMessages: Record<Lang, Record<string, string>>,
  localeModules: Record<string, unknown>,
): BuiltResources {
  const conflicts: string[] = [];
  const trees = {} as Record<Lang, Tree>;
  const files = {} as Record<Lang, Record<string, Tree>>;
  for (const lang of LANGUAGES) {
    trees[lang] = nestKeys(errorMessages[lang]);
    files[lang] = {};
  }
  for (const [path, content] of Object.entries(localeModules).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const at = localeFileOf(path);
    if (!at) continue;
    if (!isTree(content)) {
      conflicts.push(`${path}: not a tree of texts`);
      continue;
    }
    files[at.lang][at.file] = content;
    const before = conflicts.length;
    mergeTree(trees[at.lang], content, conflicts);
    for (let i = before; i < conflicts.length; i++)
      conflicts[i] = `${at.lang}/${at.file}: ${conflicts[i]}`;
  }
  return { trees, files, conflicts };
}

/** One language's tree: the contract's error texts merged with that language's locale files. */
export function buildLanguage(
  errorMessages: Record<string, string>,
  localeModules: Record<string, unknown>,
): { tree: Tree; conflicts: string[] } {
  const conflicts: string[] = [];
  const tree = nestKeys(errorMessages);
  for (const [path, content] of Object.entries(localeModules).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (isTree(content)) mergeTree(tree, content, conflicts);
    else conflicts.push(`${path}: not a tree of texts`);
  }
  return { tree, conflicts };
}
