import { DEFAULT_PAGE_SIZE, PAGE_SIZE_COOKIES, pageSizeCookie, parsePageSize } from './page-size';

describe('list page size', () => {
  it('defaults to 50 without a cookie', () => {
    expect(parsePageSize(undefined)).toBe(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it('takes the cookie when it holds an offered size', () => {
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize('250')).toBe(250);
  });

  it('ignores sizes that are not offered', () => {
    expect(parsePageSize('7')).toBe(50);
    expect(parsePageSize('100000')).toBe(50);
    expect(parsePageSize('abc')).toBe(50);
  });

  it('is stored for one year on every path', () => {
    expect(pageSizeCookie(PAGE_SIZE_COOKIES.inbox, 100)).toBe('inboxPageLimit=100; max-age=31536000; path=/; samesite=lax');
  });

  it('keeps each screen under its own cookie', () => {
    expect(pageSizeCookie(PAGE_SIZE_COOKIES.history, 25)).toBe('historyPageLimit=25; max-age=31536000; path=/; samesite=lax');
  });

  it('falls back to the screen default when given one', () => {
    expect(parsePageSize(undefined, 10)).toBe(10);
  });
});
