import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth/server';

/**
 * Every portal address without a page of its own. Next shows an unmatched address with the root
 * not-found page, outside the portal; sending it through here makes it the portal's own not-found
 * page (app/(portal)/not-found.tsx), inside the frame with the navbar. Every navbar screen has its
 * real page, which takes precedence over this catch-all.
 */
export default async function UnknownPortalAddress(): Promise<never> {
  await requireActor();
  notFound();
}
