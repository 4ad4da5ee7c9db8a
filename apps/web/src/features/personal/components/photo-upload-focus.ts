/**
 * Puts the cursor in the field a check stopped at; a photo's file input is hidden, so its box is
 * brought into view instead.
 */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  if (element instanceof HTMLInputElement && element.type === 'file') {
    element.parentElement?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return;
  }
  element.focus();
}
