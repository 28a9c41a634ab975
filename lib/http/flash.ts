import { isServedOverHttps } from '../env';
import { FLASH_COOKIE } from './flash-cookie';
import { withCookie } from './redirect';

/** Long enough for the redirect or reload that follows the response; a message never shown is dropped. */
const FLASH_MAX_AGE_SECONDS = 60;

/**
 * The response, with `message` for the snackbar of the next portal screen (lib/http/flash-cookie.ts).
 * Not HttpOnly: the browser deletes it once shown.
 */
export function withFlash(response: Response, message: string): Response {
  return withCookie(response, {
    name: FLASH_COOKIE,
    value: message,
    options: { path: '/', sameSite: 'lax', secure: isServedOverHttps, maxAge: FLASH_MAX_AGE_SECONDS },
  });
}
