/** Being built. */
export function BindAccountPage() {
  return null;
}
