/** Being built. */
export function SetBankPage() {
  return null;
}
