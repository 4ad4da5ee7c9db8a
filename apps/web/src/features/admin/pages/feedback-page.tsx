/** Being built. */
export function FeedbackAdminPage() {
  return null;
}
