/**
 * What a user did, as recorded in user_activities and filtered on the user-activity screen
 * (spec §2 /users/activity). One list so every writer and the filter use the same names.
 */
export const ACTIVITIES = [
  'login',
  'login-failed',
  'logout',
  'password-reset-requested',
  'password-reset',
  'respond-order',
  'mark-read',
  'submit-invoice',
  'submit-credit-note',
  'submit-delivery-note',
  'dismiss-invoicing',
  'undismiss',
  'mark-outstanding',
  'resend-order',
  'invite-user',
  'update-user',
  'deactivate-user',
  'activate-user',
  'restore-user',
  'link-vendor',
  'unlink-vendor',
  'accept-declaration',
  'update-vendor',
  'upload',
  'export',
  'approve-change',
  'reject-change',
] as const;
export type Activity = (typeof ACTIVITIES)[number];
