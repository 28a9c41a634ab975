import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { itemChanges, items, pricingChanges, pricings } from '@/db/schema';
import { callRoute, sessionHeaders } from '../support/actors';

export const STAFF = 'staff@portal.test';
export const ADMIN = 'admin@portal.test';
export const RETAIL_ADMIN = 'retail.admin@portal.test';
export const RETAIL_USER = 'retail.user@portal.test';
export const SUPPLIER = 'supplier@portal.test';
export const SUPPLIER_USER = 'supplier.user@portal.test';

type Handler = Parameters<typeof callRoute>[0];

export async function post(handler: Handler, url: string, body: unknown, email = STAFF) {
  return callRoute(handler, url, { method: 'POST', headers: await sessionHeaders(email), body });
}

export async function get(handler: Handler, url: string, email = STAFF) {
  return callRoute(handler, url, { headers: await sessionHeaders(email) });
}

export const itemChangeState = async (id: number) => (await db.select().from(itemChanges).where(eq(itemChanges.id, id)))[0];
export const pricingChangeState = async (id: number) => (await db.select().from(pricingChanges).where(eq(pricingChanges.id, id)))[0];
export const itemState = async (id: number) => (await db.select().from(items).where(eq(items.id, id)))[0];
export const pricingState = async (id: number) => (await db.select().from(pricings).where(eq(pricings.id, id)))[0];
