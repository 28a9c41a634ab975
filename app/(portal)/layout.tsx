import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { requireActor, sessionTimeLeft, xsrfToken } from '@/lib/auth/server';
import { Navbar } from '@/components/navbar/navbar';
import { SessionWarning } from '@/components/ui/session-warning';
import { SnackbarProvider } from '@/components/ui/snackbar';
import { ListProviders } from '@/components/lists/list-providers';
import { FlashMessage } from '@/components/ui/flash-message';
import { FocusKeeper } from '@/components/ui/focus-keeper';
import { DeclarationModal } from '@/components/users/declaration-modal';
import { FLASH_COOKIE, readFlash } from '@/lib/http/flash-cookie';
import { DECLARATION_TEXT, DECLARATION_VERSION, hasAcceptedDeclaration } from '@/lib/domain/users/declaration';

const MAIN_ID = 'main';

/**
 * Every portal screen: the session gate (checked here and again by each API call), a skip link to the
 * content, the navbar, the snackbar with the server's flash message, the warning a minute before the 8-hour session ends, and the
 * declaration until the user has accepted its current version. Screens get the data layer and the
 * address-bar state of their lists (ListProviders).
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor();
  const [timeLeft, accepted, jar] = await Promise.all([sessionTimeLeft(), hasAcceptedDeclaration(actor.userId), cookies()]);
  const user = { id: actor.userId, name: actor.name, email: actor.email, role: { id: actor.roleId, code: actor.roleCode } };
  return (
    <SnackbarProvider>
      <FlashMessage message={readFlash(jar.get(FLASH_COOKIE)?.value)} />
      <a href={`#${MAIN_ID}`} className="skip-link">
        Skip to main content
      </a>
      <Navbar user={user} xsrfToken={await xsrfToken()} />
      {timeLeft === null ? null : <SessionWarning endsIn={timeLeft} />}
      {accepted ? null : <DeclarationModal userId={actor.userId} version={DECLARATION_VERSION} paragraphs={DECLARATION_TEXT} />}
      <FocusKeeper mainId={MAIN_ID} />
      <main id={MAIN_ID} tabIndex={-1} className="portal-main">
        <ListProviders>{children}</ListProviders>
      </main>
    </SnackbarProvider>
  );
}
