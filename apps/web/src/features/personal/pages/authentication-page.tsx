/** Being built. */
export function AuthenticationPage() {
  return null;
}
