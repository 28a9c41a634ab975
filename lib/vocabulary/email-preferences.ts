/**
 * The notification e-mails a user may turn off, each as the preferences screen, the unsubscribe page and
 * the digest name it (README "Notification e-mails"). lib/domain/preferences/codes.ts groups the same
 * codes for the screen's toggles.
 */
export const EMAIL_PREFERENCE_LABELS: Record<string, string> = {
  'new-order': 'new orders',
  'new-return-order': 'new return orders',
  'order-reminder': 'reminders of unanswered orders',
  'new-deliverynote': 'new delivery notes',
  'new-remittance': 'new remittance advices',
  'new-dispute': 'new disputes',
  'change-decided': 'decided item, pricing and master-data changes',
  'change-waiting': 'item, pricing and master-data changes awaiting approval',
  'bbbee-expiry': 'B-BBEE certificate expiry',
};

/** 'new orders' for new-order; an unknown code as words ('new-thing' → 'new thing'). */
export const emailPreferenceLabel = (code: string): string => EMAIL_PREFERENCE_LABELS[code] ?? code.replace(/[-_]+/g, ' ');

/**
 * What each toggle of the e-mail preferences screen turns on or off, keyed by its group's name (the `group`
 * of GET /users/preferences/email/settings, lib/domain/preferences/codes.ts).
 */
export const EMAIL_PREFERENCE_GROUP_DESCRIPTIONS: Record<string, string> = {
  Orders: 'New orders and return orders from the retailer, and a reminder of an order still unanswered before its delivery.',
  'Delivery notes': 'Delivery notes the retailer sends.',
  'Remittance advices': 'Remittance advices: what the retailer paid, and for which invoices.',
  Disputes: 'Disputes the retailer raises about a delivery or an invoice.',
  'Item, pricing and master-data changes': 'The decision on a change you asked for, and changes waiting for your approval.',
  'B-BBEE certificates': 'A reminder 30 days before a vendor’s B-BBEE certificate expires.',
};

/** A toggle's description; a group without one reads as the e-mails it holds ('new orders and new disputes'). */
export function emailPreferenceGroupDescription(group: string, codes: readonly string[]): string {
  const labels = codes.map(emailPreferenceLabel);
  const listed = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : (labels[0] ?? '');
  return EMAIL_PREFERENCE_GROUP_DESCRIPTIONS[group] ?? `E-mails about ${listed}.`;
}
