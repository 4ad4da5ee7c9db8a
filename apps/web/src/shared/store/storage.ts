/**
 * Local-storage access that never throws: private browsing, a full quota or a non-browser
 * environment (unit tests) simply behave like an empty store.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKey(key: string): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives in memory for this visit only.
  }
}

export function removeKey(key: string): void {
  try {
    browserStorage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A storage facade over readKey/writeKey/removeKey, for helpers that take a storage argument. */
export const appStorage: KeyValueStorage = {
  getItem: readKey,
  setItem: writeKey,
  removeItem: removeKey,
};

/** An in-memory storage, for tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
