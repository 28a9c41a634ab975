/**
 * The global flash message's cookie (spec §2 Other: the snackbar is triggered by a global flash
 * message). A response sets it for the next screen the browser shows (lib/http/flash.ts); the portal
 * layout hands it to the snackbar and the browser deletes it once shown, so it shows once. Pure, so the
 * browser's code can name the cookie too.
 */
export const FLASH_COOKIE = 'flash';

/** The message a flash cookie's value carries (URI-encoded by withCookie), or null. */
export function readFlash(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value).trim() || null;
  } catch {
    return null;
  }
}
