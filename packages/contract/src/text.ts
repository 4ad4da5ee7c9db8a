/**
 * Whether a string can be stored as PostgreSQL text: no NUL and no half of a UTF-16 surrogate pair
 * (both are refused by the database with 22P02). `String.prototype.isWellFormed` is ES2024, newer
 * than the compile target and some browsers the web client serves, so the pairs are checked here.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}
