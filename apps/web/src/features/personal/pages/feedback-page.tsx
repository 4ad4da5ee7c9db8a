/** Being built. */
export function FeedbackPage() {
  return null;
}
