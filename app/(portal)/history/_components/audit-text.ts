/** Spec §9: audit descriptions are cut to 300 characters plus an ellipsis in the short view. */
export const AUDIT_SHORT_LENGTH = 300;

export function shortAuditText(text: string): { text: string; cut: boolean } {
  const chars = [...text];
  return chars.length > AUDIT_SHORT_LENGTH ? { text: `${chars.slice(0, AUDIT_SHORT_LENGTH).join('')}…`, cut: true } : { text, cut: false };
}
