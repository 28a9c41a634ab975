import { pool } from '@/db/client';
import { callRoute, sessionHeaders } from '../support/actors';

/** Shared by the history suites: the demo accounts they act as, and calls with their session. */
export const STAFF = 'staff@portal.test'; // m2_user: everything
export const RETAIL_USER = 'retail.user@portal.test'; // c_user: SUB01, read only
export const RETAIL_ADMIN = 'retail.admin@portal.test'; // c_admin: SUB01 and SUB02, write
export const SUPPLIER = 'supplier@portal.test'; // v_admin: no history

type Handler = Parameters<typeof callRoute>[0];

export async function get(handler: Handler, url: string, email: string, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(handler, url, { headers: await sessionHeaders(email), params });
}

export async function put(handler: Handler, url: string, email: string, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(handler, url, { method: 'PUT', headers: await sessionHeaders(email), params, body: {} });
}

/** A store code of a subsidiary (by its code), for documents made in that subsidiary. */
export async function storeOf(subsidiaryCode: string): Promise<{ code: string; id: number; subsidiaryId: number }> {
  const { rows } = await pool.query(
    `select s.code, s.id, s.subsidiary_id as "subsidiaryId" from stores s join subsidiaries b on b.id = s.subsidiary_id where b.code = $1 order by s.id limit 1`,
    [subsidiaryCode],
  );
  return rows[0];
}

export async function subsidiaryId(code: string): Promise<number> {
  const { rows } = await pool.query('select id from subsidiaries where code = $1', [code]);
  return rows[0].id;
}

export async function countOf(where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await pool.query(`select count(*)::int as n from xdocs x where ${where}`, params);
  return rows[0].n;
}

export type HistoryBody = {
  xdocs: {
    id: number;
    docno: string;
    xdocTypeCode: string;
    xdocSubTypeCode?: string | null;
    wfStatusCode: string;
    docDate: string;
    custaccountName: string;
    vendorCode: string;
  }[];
  resultPager: { results: number; resultPage: number; totalPages: number; totalResults: number };
};
