/** Inbox page size (spec §9): default 50, user-changeable, kept one year in the inboxPageLimit cookie. */

export const PAGE_SIZES = [10, 25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZE_COOKIE = 'inboxPageLimit';
export const PAGE_SIZE_COOKIE_MAX_AGE = 31_536_000; // one year, in seconds

/** The cookie's value when it is one of the offered sizes, else the default. */
export function parsePageSize(value: string | number | null | undefined): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The document.cookie assignment that stores a page size. */
export function pageSizeCookie(size: number): string {
  return `${PAGE_SIZE_COOKIE}=${parsePageSize(size)}; max-age=${PAGE_SIZE_COOKIE_MAX_AGE}; path=/; samesite=lax`;
}
