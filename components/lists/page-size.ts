/**
 * List page sizes (spec §9): user-changeable, kept one year in a cookie per screen (inboxPageLimit,
 * historyPageLimit), the cookie taking precedence over the screen's default.
 */

export const PAGE_SIZES = [10, 25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZE_COOKIE_MAX_AGE = 31_536_000; // one year, in seconds

/** The cookies that keep a page size, one per screen. */
export const PAGE_SIZE_COOKIES = { inbox: 'inboxPageLimit', history: 'historyPageLimit' } as const;
export type PageSizeCookie = (typeof PAGE_SIZE_COOKIES)[keyof typeof PAGE_SIZE_COOKIES];

/** The cookie's value when it is one of the offered sizes, else the default. */
export function parsePageSize(value: string | number | null | undefined, fallback: number = DEFAULT_PAGE_SIZE): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
}

/** The document.cookie assignment that stores a page size under `cookie`. */
export function pageSizeCookie(cookie: PageSizeCookie, size: number): string {
  return `${cookie}=${parsePageSize(size)}; max-age=${PAGE_SIZE_COOKIE_MAX_AGE}; path=/; samesite=lax`;
}
