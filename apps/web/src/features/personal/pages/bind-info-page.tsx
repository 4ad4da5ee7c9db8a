/** Being built. */
export function BindInfoPage() {
  return null;
}
