/** A setting's link as an http(s) URL, or null: settings must never inject `javascript:` links. */
export function externalUrl(value: string | undefined | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
