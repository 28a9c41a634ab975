import { redirect } from 'next/navigation';

/**
 * /users/{id}/vendors: kept for links and bookmarks made before vendor linking became a view of the
 * users screen; it sends the browser there with the same user and filters.
 */
export default async function UserVendorsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = await searchParams;
  const query = new URLSearchParams({ view: 'linking', user: (await params).id });
  for (const key of ['which', 'code', 'name', 'page']) {
    const value = raw[key];
    if (typeof value === 'string' && value) query.set(key, value);
  }
  redirect(`/users?${query}`);
}
