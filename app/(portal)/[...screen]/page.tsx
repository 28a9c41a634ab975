import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';
import { screenForPath } from '@/components/navbar/nav-links';
import { ComingSoon } from '@/components/ui/coming-soon';

/**
 * Every portal address without a page of its own. A screen of the user's navbar that is not built yet
 * shows a "coming" state inside the portal (not a bare 404 without the navbar); anything else is the
 * portal's own not-found page. Each screen's real page (app/(portal)/<screen>/page.tsx) takes
 * precedence over this catch-all as soon as it exists.
 */
export default async function ScreenNotBuiltYet({ params }: { params: Promise<{ screen: string[] }> }) {
  const actor = await requireActor();
  const { screen } = await params;
  const link = screenForPath(`/${screen.map(encodeURIComponent).join('/')}`, actor.roleCode);
  if (!link) notFound();
  return <ComingSoon title={link.label} />;
}
