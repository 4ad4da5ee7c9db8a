/** Being built. */
export function AccountSettingsPage() {
  return null;
}
