import { notFound } from 'next/navigation';
import { asAnswered, firstPage } from '@/components/lists/first-page';
import { requireActor } from '@/lib/auth/server';
import { can } from '@/lib/auth/permissions';
import { activityFilterSchema, listActivity } from '@/lib/domain/users/activity';
import { ACTIVITY_LIST } from './_components/activity-list';
import { ActivityScreen } from './_components/activity-screen';

export const metadata = { title: 'User activity' };

/**
 * /users/activity: who did what (spec §2). The address holds the filters, page, page size and sort
 * (ACTIVITY_LIST); the first page is rendered here for that address, or left to the browser when the
 * address asks what the API refuses (it then shows the refusal).
 */
export default async function UserActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireActor();
  if (!can(actor, 'users.activity')) notFound();
  const initial = await firstPage(ACTIVITY_LIST, searchParams, activityFilterSchema, (query) => listActivity(actor, query));
  return <ActivityScreen initial={initial && asAnswered(initial)} />;
}
