/** Being built. */
export function CollectionSettingsPage() {
  return null;
}
