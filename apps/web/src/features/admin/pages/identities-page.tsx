/** Being built. */
export function IdentitiesPage() {
  return null;
}
