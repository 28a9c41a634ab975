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
