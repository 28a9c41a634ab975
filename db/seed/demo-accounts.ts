/**
 * The demo sign-ins, shared by the seed, the README, the demo script and the tests, so there is one
 * list to keep right. Every demo account has the same password; none of this ships to production.
 */
export const DEMO_PASSWORD = 'demo-Portal-2026';

export type DemoAccount = { email: string; role: string; name: string; startPath: string };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@portal.test', role: 'm2_admin', name: 'Portal Admin', startPath: '/history' },
  { email: 'staff@portal.test', role: 'm2_user', name: 'Portal Staff', startPath: '/history' },
  { email: 'retail.admin@portal.test', role: 'c_admin', name: 'Retail Admin', startPath: '/history' },
  { email: 'retail.user@portal.test', role: 'c_user', name: 'Retail User', startPath: '/history' },
  { email: 'supplier@portal.test', role: 'v_admin', name: 'Supplier Admin', startPath: '/' },
  { email: 'supplier.user@portal.test', role: 'v_user', name: 'Supplier User', startPath: '/' },
  { email: 'other.supplier@portal.test', role: 'v_admin', name: 'Other Supplier', startPath: '/' },
];

/** Looks a demo account up by e-mail; throws so a typo in a test fails loudly. */
export function demoAccount(email: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account;
}
