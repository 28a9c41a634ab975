import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { callRoute, sessionHeaders } from './actors';
import { uniqueTag } from './fixtures';

type Handler = Parameters<typeof callRoute>[0];

/** Calls a route as the signed-in user `as` (an e-mail), JSON in and out. */
export async function callAs(
  as: string,
  handler: Handler,
  url: string,
  options: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  const response = await callRoute(handler, url, { ...options, headers: await sessionHeaders(as) });
  const text = await response.text();
  let json: Record<string, unknown> & { message?: string; errors?: Record<string, string[]> } = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    /* a download */
  }
  return { status: response.status, json, headers: response.headers };
}

/** A fresh e-mail address for a user a test invites. */
export const newEmail = (who = 'user') => `${who}.${uniqueTag().toLowerCase()}@invited.test`;

export async function userRow(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}
