/**
 * The notification e-mails a user may turn off, grouped as the preferences screen toggles them (spec §3
 * "Email preference: code, disabled"). A notification carries its code in the send-email payload; the
 * worker skips it for a recipient who disabled the code. Without a row a code is enabled.
 */
export const EMAIL_PREFERENCE_GROUPS = [
  { group: 'Orders', codes: ['new-order', 'new-return-order', 'order-reminder'] },
  { group: 'Delivery notes', codes: ['new-deliverynote'] },
  { group: 'Remittance advices', codes: ['new-remittance'] },
  { group: 'Disputes', codes: ['new-dispute'] },
  { group: 'Item, pricing and master-data changes', codes: ['change-decided', 'change-waiting'] },
  { group: 'B-BBEE certificates', codes: ['bbbee-expiry'] },
] as const;

export const EMAIL_PREFERENCE_CODES: readonly string[] = EMAIL_PREFERENCE_GROUPS.flatMap((g) => g.codes);

/** The code of the 30-days-before-expiry e-mail of a vendor's B-BBEE certificate. */
export const BBBEE_EXPIRY_CODE = 'bbbee-expiry';
