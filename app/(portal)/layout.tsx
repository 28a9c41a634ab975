import type { ReactNode } from 'react';
import { requireActor, xsrfToken } from '@/lib/auth/server';
import { Navbar } from '@/components/navbar/navbar';
import { SnackbarProvider } from '@/components/ui/snackbar';

/** Every portal screen: the session gate (checked here and again by each API call), the navbar and the snackbar. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor();
  const user = { id: actor.userId, name: actor.name, email: actor.email, role: { id: actor.roleId, code: actor.roleCode } };
  return (
    <SnackbarProvider>
      <Navbar user={user} xsrfToken={await xsrfToken()} />
      <main className="portal-main">{children}</main>
    </SnackbarProvider>
  );
}
