/** What the operator typed for a setting: a whole number within the setting's range, or why not. */
export type SettingInput = { value: number } | { problem: 'empty' | 'range' };

export function parseSettingInput(text: string, range: { min: number; max: number }): SettingInput {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  // Digits only: "1e3", "0x10" and "1.0" are numbers to JavaScript but not what the page asks for.
  if (!/^\d{1,15}$/.test(trimmed)) return { problem: 'range' };
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? { value } : { problem: 'range' };
}

/** The limit the server applies: the base value times RATE_LIMIT_FACTOR. */
export function effectiveValue(value: number, factor: number): number {
  return value * factor;
}
