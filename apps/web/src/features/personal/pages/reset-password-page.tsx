/** Being built. */
export function ResetPasswordPage() {
  return null;
}
