/** One cookie's value from a Cookie header (decoded); undefined when absent. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A Cookie header with one more cookie (encoded) at the end. */
export function appendCookie(cookieHeader: string | undefined, name: string, value: string): string {
  const cookie = `${name}=${encodeURIComponent(value)}`;
  return cookieHeader ? `${cookieHeader}; ${cookie}` : cookie;
}
