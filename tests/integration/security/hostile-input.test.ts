import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { auditEntries, integrations, loginFailures, outbox, passwordResetRequests, userActivities, users, userVendors } from '@/db/schema';
import { closeQueue } from '@/jobs/queue';
import { HISTORY_FILTER_NAMES } from '@/lib/domain/history/schemas';
import { ROLE_IDS } from '@/lib/auth/roles';
import { encodeSession, SESSION_COOKIE } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { sessionHeaders, TEST_XSRF, userByEmail } from '../support/actors';
import { createDocument, createOrder, removeCreatedDocuments, vendorByCode, type CreatedDocument } from '../support/fixtures';
import { removeRaisedDocuments } from '../support/invoicing';
import { hashApiKey, keyHint, newApiKey } from '@/lib/domain/integrations/keys';
import { todayInSouthAfrica } from '@/lib/domain/invoicing/invoice-date';

/*
 * Hostile input on every route (the Hardening issue). The route table is walked from the files
 * themselves (every app/api/**\/route.ts), each module imported and each exported method called the way
 * Next calls it, signed in as a supplier (supplier@portal.test) and as the portal administrator
 * (admin@portal.test) with the screens' XHR and anti-forgery headers. Every dynamic path segment, every
 * query field the route's zod schema knows (ROUTES below; a route missing from it gets a set of common
 * names) and every body field gets hostile values: missing, empty, the wrong type, huge and odd numbers,
 * arrays for scalars, 10,000 characters, NUL, RTL overrides, lone surrogates, emoji, combining marks,
 * prototype keys; bodies also come malformed (truncated, trailing commas, bare values, 10,000 levels deep).
 *
 * Every answer must be < 500; every refusal JSON {message, errors} without stack frames, PostgreSQL's
 * words or file paths; and nothing may change. A fingerprint of what these routes can write (documents,
 * lines, audit entries, users, grants, outbox, activities, sign-in failures, reset requests and links)
 * is taken before and after each route's barrage. Left out of it, by design: the documents the suite
 * makes as targets of the write routes (each request's target is checked on its own: a refusal leaves
 * it untouched; a 2xx may answer it, and the next request gets a fresh one), and what happens to the
 * suite's own made-up addresses (…@hostile.test): failed sign-ins and reset requests are recorded for
 * them, and the users it signs in as for a rename or a sign-out are renamed and signed out (and their
 * catalogue exports and e-mailed downloads are recorded, with the downloads' jobs).
 */

const SUPPLIER = 'supplier@portal.test';
const ADMIN = 'admin@portal.test';
const RUN = randomBytes(3).toString('hex');
const OWN_DOMAIN = 'hostile.test';
const API_DIR = join(__dirname, '..', '..', '..', 'app', 'api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

// ——— Hostile values ———

type Hostile = { label: string; value: unknown } | { label: 'missing'; missing: true };
const MISSING: Hostile = { label: 'missing', missing: true };
const LONG = 'x'.repeat(10_000);

/** Text that is odd but not wrong in itself. */
const ODD_TEXT: [string, string][] = [
  ['empty', ''],
  ['blank', '   '],
  ['10,000 characters', LONG],
  ['NUL', '\u0000'],
  ['NUL inside', 'PO\u0000042'],
  ['RTL override', '\u202eredro\u202c'],
  ['lone surrogate', '\ud800'],
  ['lone low surrogate', 'a\udc00'],
  ['emoji', '😀🏳️‍🌈👩🏽‍💻'],
  ['combining marks', 'e\u0301\u0302\u0303\u0304\u0305\u0306'],
  ['BOM and zero width', '\ufeff\u200b\u200d'],
  ['SQL', "' or 1=1 --"],
  ['LIKE wildcards', '%_%\\'],
  ['path', '../../etc/passwd'],
  ['markup', '<script>alert(1)</script>'],
  ['protocol-relative URL', '//evil.example/x'],
  ['absolute URL', 'https://evil.example/x'],
  ['javascript URL', 'javascript:alert(1)'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
];
const NUMERIC_TEXT = [
  '0',
  '-1',
  '1.5',
  '1e308',
  '1e999',
  '9223372036854775808',
  '2147483648',
  '999999999999999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
];

const BODY_VALUES: Hostile[] = [
  MISSING,
  ...ODD_TEXT.map(([label, value]) => ({ label, value })),
  ...NUMERIC_TEXT.map((v) => ({ label: `"${v}"`, value: v })),
  { label: '0', value: 0 },
  { label: '-1', value: -1 },
  { label: '1.5', value: 1.5 },
  { label: '1e308', value: 1e308 },
  { label: '2**63', value: 2 ** 63 },
  { label: 'MAX_SAFE_INTEGER + 2', value: Number.MAX_SAFE_INTEGER + 2 },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'null', value: null },
  { label: '{}', value: {} },
  { label: 'object', value: { a: { b: [1, 'c'] } } },
  { label: '[]', value: [] },
  { label: 'array of text', value: ['a', 'b'] },
  { label: 'array of numbers', value: [1, 2] },
];

const QUERY_VALUES: Hostile[] = [
  ...ODD_TEXT.map(([label, value]) => ({ label, value })),
  ...NUMERIC_TEXT.map((v) => ({ label: v, value: v })),
  { label: 'true', value: 'true' },
  { label: '[object Object]', value: '[object Object]' },
  { label: 'year 0000', value: '0000-01-01' },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'repeated', value: ['1', '2'] },
];

const NON_GET_QUERY_VALUES = ['10,000 characters', 'NUL', 'lone surrogate', 'emoji', 'repeated'];

const PARAM_VALUES: Hostile[] = [
  MISSING,
  ...ODD_TEXT.map(([label, value]) => ({ label, value })),
  ...NUMERIC_TEXT.map((v) => ({ label: v, value: v })),
  { label: 'array', value: ['a', 'b'] },
];

/** Query names sent to a route whose schema the table does not know, and prototype keys sent to all. */
const COMMON_QUERY = ['page', 'results', 'store', 'docno', 'sort', 'direction', 'vendor', 'fromDate', 'toDate', 'id', 'email', 'name'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
const COMMON_BODY = ['id', 'email', 'name', 'confirm', 'orderResponse', 'password', 'token'];

// ——— What each route takes (its zod schemas' fields) and a valid baseline to vary ———

const INBOX_QUERY = [
  'store',
  'vendor',
  'xdocTypeSubCode',
  'orderType',
  'wfStatusCode',
  'docno',
  'deliveryDateFrom',
  'deliveryDateTo',
  'fromDate',
  'toDate',
  'dateFrom',
  'dateTo',
  'custaccountTinyMce',
  'region',
  'results',
  'page',
  'sort',
  'direction',
];
const LOOKUP_QUERY = ['limit', 'searchCode'];
const HISTORY_FILTER_QUERY = [...HISTORY_FILTER_NAMES, 'sort', 'direction'];

/** A dismissed order of the supplier's vendor: what undismiss acts on. */
async function dismissedOrder(): Promise<CreatedDocument> {
  const order = await createOrder({ vendorCode: 'V0002', lines: 1 });
  await pool.query('update xdocs set invoicing_closed_at = now() where id = $1', [order.id]);
  return order;
}

const CHANGE_QUERY = ['search', 'status', 'pageLimit', 'page'];
/** A change id that does not exist. */
const NO_CHANGE = 2_000_000_000;
const CATALOGUE_QUERY = ['search', 'searchCode', 'pageLimit', 'status', 'active', 'page'];

type Who = { email: string; userId: number; headers: () => Promise<Record<string, string>> };
type Ctx = { who: Who; n: number; target?: CreatedDocument };

type RouteSpec = {
  /** Valid path parameters to vary. */
  params?: (ctx: Ctx) => Record<string, string | string[]>;
  /** The query fields the route's schema knows ([] for none); without it a GET gets COMMON_QUERY. Prototype keys go to all. */
  query?: string[];
  /** A valid body to vary, field by field (dotted paths). */
  body?: (ctx: Ctx) => Record<string, unknown>;
  /** Sign in as users of the suite's own (same role and grants) instead: the route changes the signed-in user. */
  own?: boolean;
  /** Headers of the request beyond the session's (a client address of its own for the sign-in and reset limits). */
  headers?: (ctx: Ctx) => Record<string, string>;
  /** A document made for each request to aim at, until a request (by design, with a 2xx) changes it. */
  target?: () => Promise<CreatedDocument>;
  /** Also sent as a plain HTML form (url-encoded), which is answered by a redirect. */
  form?: boolean;
  /** The body is sent as multipart/form-data, each field as text (objects as JSON), as the upload routes read it. */
  multipart?: boolean;
  /** Whether the target was changed, for targets the default check does not fit (an order already answered). */
  touched?: (target: CreatedDocument) => Promise<boolean>;
};

/** A confirmed order of the supplier's, waiting to be invoiced: the invoicing routes' target. */
function orderToInvoice(): Promise<CreatedDocument> {
  return createOrder({ vendorCode: 'V0002', lines: 2, respondedAt: new Date(), wfStatusCode: 'confirmed' });
}

const ownAddress = (n: number) => `nobody-${RUN}-${n}@${OWN_DOMAIN}`;
const ownClient = (ctx: Ctx) => ({ 'x-forwarded-for': `2001:db8:${RUN.slice(0, 4)}::${ctx.n.toString(16)}` });

const ROUTES: Record<string, RouteSpec> = {
  // Any unknown API path: a 404 whatever comes.
  'GET /api/[...path]': { params: () => ({ path: ['no', 'such'] }), query: COMMON_QUERY },
  'POST /api/[...path]': { params: () => ({ path: ['no', 'such'] }), body: () => ({ id: 1 }) },
  'PUT /api/[...path]': { params: () => ({ path: ['no', 'such'] }), body: () => ({ id: 1 }) },
  'PATCH /api/[...path]': { params: () => ({ path: ['no', 'such'] }), body: () => ({ id: 1 }) },
  'DELETE /api/[...path]': { params: () => ({ path: ['no', 'such'] }), body: () => ({ id: 1 }) },
  'GET /api/orders': { query: INBOX_QUERY },
  'GET /api/orders/returned': { query: [...INBOX_QUERY, 'responded'] },
  'GET /api/delivery-notes': { query: INBOX_QUERY },
  'GET /api/disputes': { query: INBOX_QUERY },
  'GET /api/remittance-advices': { query: INBOX_QUERY },
  'GET /api/divisions': { query: LOOKUP_QUERY },
  'GET /api/regions': { query: LOOKUP_QUERY },
  'GET /api/stores': { query: LOOKUP_QUERY },
  'GET /api/subsidiary': { query: LOOKUP_QUERY },
  'GET /api/vendors': { query: LOOKUP_QUERY },
  'GET /api/users/current': { query: [] },
  // User and vendor administration (issue 11).
  'GET /api/users': { query: ['active', 'search', 'vendorCode', 'role_id', 'page', 'pageLimit', 'sort', 'direction'] },
  'GET /api/users/linkable': { query: ['search', 'page', 'pageLimit', 'sort', 'direction'] },
  'GET /api/users/roles': { query: [] },
  'GET /api/users/customers': { query: [] },
  'GET /api/users/activity': { query: ['activity', 'user_email', 'date_from', 'date_to', 'page', 'pageLimit', 'sort', 'direction'] },
  'GET /api/users/[id]/vendors/[vendorId]': {
    params: ({ who }) => ({ id: String(who.userId), vendorId: 'linked' }),
    query: ['page', 'code', 'name', 'pageLimit', 'sort', 'direction'],
  },
  'GET /api/users/preferences/email/settings': { query: [] },
  'GET /api/vendors/user': { query: ['code', 'name', 'certificate', 'page', 'pageLimit', 'sort', 'direction'] },
  // Reports record an export (and the vendor report queues its job) by design: as users of the suite's own.
  'GET /api/users/customerreport': { own: true, query: [] },
  'GET /api/users/vendorreport': { own: true, query: [] },
  // A preference of the suite's own users, turned off by design.
  'PUT /api/users/preferences/email': { own: true, body: () => ({ codes: ['new-order', 'order-reminder'], disabled: true }) },
  // Administration acts aimed at a user that does not exist (404): a variation that made a real id would
  // change someone, so ids are digits only (idParam). The invitation's role does not exist, and its
  // address is taken (without the role the default one applies): always 422.
  'POST /api/users': { body: () => ({ name: 'Hostile Invite', email: SUPPLIER, role_id: 999999 }) },
  'DELETE /api/users/[id]': { params: () => ({ id: '999999' }) },
  'POST /api/users/restore/[id]': { params: () => ({ id: '999999' }) },
  'POST /api/users/[id]/send-invitation': { params: () => ({ id: '999999' }) },
  'POST /api/users/[id]/vendors/[vendorId]/link': { params: () => ({ id: '999999', vendorId: '1,2' }), body: () => ({ write: false }) },
  'DELETE /api/users/[id]/vendors/[vendorId]/unlink': { params: () => ({ id: '999999', vendorId: '1,2' }) },
  // Multipart only: every JSON body is refused (415) before it is read.
  'POST /api/vendors/update': { body: () => ({ vendor: '{"id": 1, "vendordata": {}}' }) },
  // Accepting the declaration, for oneself, by design.
  'POST /api/declaration/status/[id]': { own: true, params: ({ who }) => ({ id: String(who.userId) }) },
  // Reads of a document both users may see (the supplier is linked to V0002).
  'GET /api/xdocs/[id]': { params: () => ({ id: readable.tinyMce }), query: [] },
  'GET /api/xdocs/[id]/audit': { params: () => ({ id: readable.tinyMce }), query: [] },
  'GET /api/xdocs/[id]/pdf': { params: () => ({ id: readable.tinyMce }), query: ['docno'] },
  // Mark as read: an unread delivery note of the supplier's; `{confirm: true}` with extra keys is valid and marks it (2xx by design).
  'PUT /api/xdocs/[id]': {
    target: () => createDocument({ vendorCode: 'V0002', type: 'deliverynote', lines: 1 }),
    params: ({ target }) => ({ id: target!.tinyMce }),
    body: () => ({ confirm: true }),
  },
  // An order response with every part a line-level answer has; hostile text that is valid (an emoji
  // supplier reference) answers the order by design.
  'PUT /api/orders/[id]': {
    target: () => createOrder({ vendorCode: 'V0002', lines: 2 }),
    params: ({ target }) => ({ id: target!.tinyMce }),
    body: ({ target }) => ({
      orderResponse: {
        header: { response: 'detailResponse', reason: 'other', supplierRef: 'REF-1' },
        detail: [{ lineNumber: 1, response: 'rejected', reason: 'other', supplierRef: 'REF-2' }],
        tinyMce: target!.tinyMce,
        docno: target!.docno,
      },
    }),
  },
  // The Invoices tab: lists, look-ups of an order (readable: the supplier's), and the invoicing acts aimed at
  // confirmed orders of the supplier's; a valid submission or dismissal raises or closes by design.
  'GET /api/orders/uninvoiced': { query: INBOX_QUERY },
  'GET /api/alldeliverynotes': { query: ['tinymce', 'orderno'] },
  'GET /api/deliverynotes': { query: ['tinymce'] },
  'GET /api/delivered': { query: ['tinymce'] },
  'GET /api/invoices': { query: ['tinymce', 'orderno'] },
  'GET /api/invoices/[id]/ubl': { params: () => ({ id: readable.tinyMce }), query: [] },
  'GET /api/orders/dismiss/[id]': {
    target: orderToInvoice,
    touched: invoicingTouched,
    params: ({ target }) => ({ id: target!.tinyMce }),
    query: [],
  },
  'POST /api/invoices': {
    target: orderToInvoice,
    touched: invoicingTouched,
    multipart: true,
    body: ({ target, n }) => ({
      tinyMce: target!.tinyMce,
      docno: target!.docno,
      invoiceNumber: `H${RUN.slice(0, 6).toUpperCase()}${n}`,
      xdocInvoicedate: todayInSouthAfrica(),
      deliverynoteNumber: 'DN-HOSTILE',
      toFollow: '1',
      det: JSON.stringify([{ lineNumber: 1, qty: '1', amount: '10.00' }]),
    }),
  },
  'POST /api/deliverynotes': {
    target: orderToInvoice,
    touched: invoicingTouched,
    multipart: true,
    body: ({ target, n }) => ({
      tinyMce: target!.tinyMce,
      docno: target!.docno,
      deliverynoteNumber: `DNH${n}`,
      det: JSON.stringify([{ lineNumber: 1, qty: '1' }]),
    }),
  },
  'PUT /api/orders/bulkResponse': {
    target: () => createOrder({ vendorCode: 'V0002', lines: 2 }),
    body: ({ target }) => ({
      orderResponse: {
        header: { response: 'rejected', reason: 'other', supplierRef: 'REF-1' },
        bulkResponse: { [target!.tinyMce]: target!.docno },
      },
    }),
  },
  // History (staff only; the supplier gets 403). Reads of the whole history and its files.
  'GET /api/history/documents': { query: [...HISTORY_FILTER_QUERY, 'results', 'page'] },
  'GET /api/history/find': { query: ['number'] },
  'GET /api/xdocs': { query: ['orderno'] },
  'GET /api/xdocs/[id]/scan-pdf': { params: () => ({ id: readable.tinyMce }), query: [] },
  'GET /api/files/[id]/download': { params: () => ({ id: '1' }), query: [] },
  // The report and the server-held selection change what is recorded of the signed-in user: users of the suite's own.
  'GET /api/history/createReport': { own: true, query: HISTORY_FILTER_QUERY },
  'GET /api/history/updateSubsidiary': { own: true, query: ['id'] },
  'GET /api/history/addVendor': { own: true, query: ['code'] },
  'GET /api/history/clearVendors': { own: true, query: [] },
  // History actions on documents of the suite's own: a valid request changes the target by design.
  'GET /api/orders/undismiss/[id]': { target: dismissedOrder, params: ({ target }) => ({ id: target!.tinyMce }), query: [] },
  'GET /api/mark/outstanding/[id]': {
    target: () => createOrder({ vendorCode: 'V0002', lines: 1 }),
    params: ({ target }) => ({ id: target!.tinyMce }),
    query: [],
  },
  'PUT /api/orders/resend/[docno]': {
    target: () => createOrder({ vendorCode: 'V0002', lines: 1 }),
    params: ({ target }) => ({ docno: target!.docno }),
    body: () => ({}),
  },
  // The own-name update, as users of the suite's own: a valid odd name renames them by design.
  'PUT /api/users/[id]': {
    own: true,
    params: ({ who }) => ({ id: String(who.userId) }),
    body: ({ who }) => ({ id: who.userId, name: 'Hostile Twin' }),
  },
  // Approvals (issue 13). Lists and the verify flag only read. The decisions name a change or a process
  // that does not exist (a refusal whatever the other fields hold); the ids hostile values can coerce
  // to (1, 2, 16) are seeded changes that the suite's prepare step has decided, so they are refused
  // as decided. The export records an export activity by design: it runs as the suite's own users.
  'GET /api/changes/item': { query: CHANGE_QUERY },
  'GET /api/changes/pricing/item': { query: CHANGE_QUERY },
  'GET /api/changes/verify/file': { query: [] },
  'GET /api/masterdata/history': { query: ['search', 'event_type', 'status', 'pageLimit', 'page'] },
  'GET /api/masterdata/history/rows': { query: ['process_id', 'event_type', 'pageLimit', 'page'] },
  'GET /api/audit/entries': { query: ['owner', 'action', 'entity_type', 'docno', 'date_from', 'date_to', 'pageLimit', 'page'] },
  'POST /api/changes/item/approve': { body: () => ({ changeID: NO_CHANGE }) },
  'POST /api/changes/pricing/approve': { body: () => ({ changeID: NO_CHANGE }) },
  'POST /api/changes/item/reject': { body: () => ({ changeID: NO_CHANGE, reason: 'Not agreed' }) },
  'POST /api/changes/pricing/reject': { body: () => ({ changeID: NO_CHANGE, reason: 'Not agreed' }) },
  'POST /api/changes/item/bulkApproval': { body: () => ({ changeIDs: [NO_CHANGE], reason: 'ok' }) },
  'POST /api/changes/pricing/bulkApproval': { body: () => ({ changeIDs: [NO_CHANGE], reason: 'ok' }) },
  'POST /api/changes/item/bulkReject': { body: () => ({ changeIDs: [NO_CHANGE], reason: 'Not agreed' }) },
  'POST /api/changes/pricing/bulkReject': { body: () => ({ changeIDs: [NO_CHANGE], reason: 'Not agreed' }) },
  'POST /api/changes/export': { own: true, body: () => ({ search: 'x', status: 'all' }) },
  'POST /api/changes/file/approve': { body: () => ({ process_id: `NO-SUCH-${RUN}`, event_type: 'items.upload', status: 'pending' }) },
  'POST /api/changes/file/reject': {
    body: () => ({ process_id: `NO-SUCH-${RUN}`, event_type: 'items.upload', status: 'pending', reason: 'Not agreed' }),
  },
  // Sign-in with an address that has no account (a fresh one and a client address of its own per
  // request, so the sign-in limits never meet): every answer is a refusal; the failure is recorded by
  // design. The baseline's password is empty, so only the password's own variants pay for a bcrypt
  // comparison (~60 ms each); the others are refused by the schema before it.
  'POST /api/login': {
    body: (ctx) => ({ email: ownAddress(ctx.n), password: '', next: '/orders' }),
    headers: ownClient,
    form: true,
  },
  // Sign-out ends every session of the user: the suite's own users, each request with a new session.
  'POST /api/logout': { own: true, body: () => ({ next: '/orders' }), form: true },
  // A reset link for an address without an account: the same answer as always, no e-mail (a reset request is counted by design).
  'POST /api/password/email': { body: (ctx) => ({ email: ownAddress(ctx.n) }), headers: ownClient, form: true },
  // A new password with a token that was never issued: always refused.
  'POST /api/password/reset': {
    body: () => ({ token: `never-issued-${RUN}-0123456789abcdef`, password: 'a-new-password', password_confirmation: 'a-new-password' }),
    form: true,
  },
  // Confirming a new e-mail address with a token that was never issued: always refused (issue 29).
  'POST /api/email/confirm': { body: () => ({ token: `never-issued-${RUN}-0123456789abcdef` }), form: true },
  // One-click unsubscribe (issue 24): no session and no anti-forgery token by design; a token never signed is refused, nothing changes.
  'POST /api/unsubscribe': { query: ['token'], body: () => ({ 'List-Unsubscribe': 'One-Click' }), form: true },
  // Items and pricing. Lists and verify calls only read. Exports and e-mailed downloads record the user's
  // activity (and a download its job) by design, so they run as the suite's own users. Uploads are
  // multipart: every JSON body here is refused before anything is stored.
  'GET /api/items': { query: CATALOGUE_QUERY },
  'GET /api/pricing/item': { query: CATALOGUE_QUERY },
  'GET /api/items/verify/download': { query: [] },
  'GET /api/pricings/verify/download': { query: [] },
  'GET /api/items/verify/upload': { query: [] },
  'GET /api/pricings/verify/upload': { query: [] },
  'GET /api/items/upload-template': { query: [] },
  'GET /api/pricings/upload-template': { query: [] },
  'POST /api/items/export': { own: true, body: () => ({ items: [1, 2] }) },
  'POST /api/pricings/export': { own: true, body: () => ({ pricings: [1, 2] }) },
  'POST /api/items/download': { own: true, body: () => ({}) },
  'POST /api/pricings/download': { own: true, body: () => ({}) },
  'POST /api/items/upload': { body: () => ({ comments: 'hostile' }) },
  'POST /api/pricings/upload': { body: () => ({ comments: 'hostile' }) },
  // An upload's status and error file (issue 27), of an upload that does not exist: always 404 (422 for a hostile id).
  'GET /api/uploads/[processId]': { params: () => ({ processId: '7d1f0c6e-0000-4000-8000-000000000000' }), query: [] },
  'GET /api/uploads/[processId]/errors': { params: () => ({ processId: '7d1f0c6e-0000-4000-8000-000000000000' }), query: [] },
  // An e-mailed download link that was never issued (a well-formed token with a wrong signature): always 404.
  'GET /api/downloads/[token]': { params: () => ({ token: `1.4102444800.${'A'.repeat(43)}` }), query: [] },
  // Integrations (issue 23): creating one names a subsidiary and a scope that do not exist (always 422); revoking
  // and rotating aim at one that does not exist (404).
  'GET /api/integrations': { query: [] },
  'POST /api/integrations': { body: () => ({ name: 'Hostile', subsidiaries: [999_999], scopes: ['no-such-scope'] }) },
  'DELETE /api/integrations/[id]': { params: () => ({ id: '999999' }) },
  'POST /api/integrations/[id]/rotate': { params: () => ({ id: '999999' }) },
  // The integration API takes a key, never a session: the suite's own read-only key (events:read), so the
  // feed is read with hostile cursors and the write routes are refused by scope before their body is read
  // (ingestion's own bad bodies are tests/integration/integrations/ingest*.test.ts).
  'GET /api/v1/me': { headers: () => feedKeyHeader(), query: [] },
  'GET /api/v1/events': { headers: () => feedKeyHeader(), query: ['after', 'limit'] },
  'GET /api/v1/invoices/[id]/ubl': { headers: () => feedKeyHeader(), params: () => ({ id: readable.tinyMce }), query: [] },
  'POST /api/v1/documents': { headers: () => feedKeyHeader(), body: () => ({ type: 'order', docno: `H-${RUN}`, lines: [] }) },
  'POST /api/v1/documents/bulk': { headers: () => feedKeyHeader(), body: () => ({ type: 'order', docno: `H-${RUN}`, lines: [] }) },
  // The integration API's OpenAPI document: public, reads nothing of the request.
  'GET /api/v1/openapi.json': { query: [] },
  // A UBL invoice previewed for a confirmed order of the supplier's, with no file: always refused (issue 25).
  'POST /api/invoices/ubl': {
    target: orderToInvoice,
    touched: invoicingTouched,
    multipart: true,
    body: ({ target }) => ({ tinyMce: target!.tinyMce, preview: '1' }),
  },
  // Operations (issue 28): readiness and metrics only read; /metrics answers 404 without a configured token.
  'GET /api/healthz': { query: [] },
  'GET /api/readyz': { query: [] },
  'GET /api/metrics': { query: [] },
  // The queue dashboard (issue 28): admins read it; the acts aim at a queue path that does not exist.
  'GET /api/admin/queue/[[...path]]': { params: () => ({ path: ['api', 'queues'] }), query: [] },
  'POST /api/admin/queue/[[...path]]': { params: () => ({ path: ['api', 'queues', 'no-such', 'retry', 'failed'] }), body: () => ({}) },
  'PUT /api/admin/queue/[[...path]]': { params: () => ({ path: ['api', 'queues', 'no-such', 'pause'] }), body: () => ({}) },
  'PATCH /api/admin/queue/[[...path]]': { params: () => ({ path: ['api', 'queues', 'no-such', 'pause'] }), body: () => ({}) },
  // Webhook deliveries (issue 23) of an integration that does not exist, and a delivery that does not exist: a
  // refusal whatever one field holds (a replay of a real integration's deliveries would be audited by design).
  'GET /api/integrations/[id]/deliveries': { params: () => ({ id: '999999' }), query: ['status', 'limit'] },
  'POST /api/integrations/[id]/deliveries/replay': { params: () => ({ id: '999999' }), body: () => ({ deliveryId: 999_999_999 }) },
};

/** next-auth's own handler (app/api/auth/[...nextauth]) is next-auth's code and contract, not ours: not walked. */
const SKIPPED = ['auth/[...nextauth]'];

// ——— The route table, from the files ———

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Endpoint = { key: string; method: Method; path: string; segments: string[]; handler: Handler; spec: RouteSpec };

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

async function endpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const file of routeFiles(API_DIR).sort()) {
    const dir = relative(API_DIR, file).split(sep).slice(0, -1).join('/');
    if (SKIPPED.includes(dir)) continue;
    const mod = (await import(file)) as Partial<Record<Method, Handler>>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler !== 'function') continue;
      const path = `/api/${dir}`.replace(/\/$/, '');
      const key = `${method} ${path}`;
      const segments = dir
        .split('/')
        .filter((s) => s.startsWith('['))
        .map((s) => s.replace(/^\[(\.\.\.)?/, '').replace(/\]$/, ''));
      found.push({ key, method, path, segments, handler, spec: ROUTES[key] ?? {} });
    }
  }
  return found;
}

// ——— Requests ———

type Sent = { label: string; status: number; text: string; contentType: string; location: string | null; form: boolean };

const PLACEHOLDER = '"@@odd-key@@"';

function withField(body: Record<string, unknown>, path: string[], value: Hostile): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if ('missing' in value) delete node[last];
  else node[last] = value.value;
  return copy;
}

/** Every field path of a body (objects and arrays walked; an array's first element stands for all). */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const own = prefix.length ? [prefix] : [];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => fieldPaths(v, [...prefix, k]))];
}

/** The objects of a body, by path ([] is the body itself). */
function objectPaths(body: Record<string, unknown>): string[][] {
  return [[], ...fieldPaths(body)].filter((p) => {
    let node: unknown = body;
    for (const k of p) node = (node as Record<string, unknown>)[k];
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
}

/** Keys no schema names: prototype keys (with an object, as a pollution attempt would send) and odd text. */
const ODD_KEYS: [string, string, unknown][] = [
  ...PROTOTYPE_KEYS.map((key): [string, string, unknown] => [key, key, { polluted: true, isAdmin: true, email: SUPPLIER }]),
  ['an empty key', '', 'PO-HOSTILE'],
  ['a NUL key', '\u0000', 'PO-HOSTILE'],
  ['a lone surrogate key', '\ud800', 'PO-HOSTILE'],
  ['a 10,000-character key', LONG, 'PO-HOSTILE'],
  ['an emoji key', '😀', 'PO-HOSTILE'],
];

/** Each object of the body with an odd key added, as JSON text (an object literal cannot carry __proto__ as a key). */
function oddKeyBodies(body: Record<string, unknown>): [string, string][] {
  return objectPaths(body).flatMap((p) =>
    ODD_KEYS.map(([label, key, value]): [string, string] => {
      const marked = p.length ? withField(body, [...p, '@@odd-key@@'], { label, value }) : { '@@odd-key@@': value, ...body };
      return [`${label} in ${p.join('.') || 'the body'}`, JSON.stringify(marked).replace(PLACEHOLDER, JSON.stringify(key))];
    }),
  );
}

const DEEP_ARRAYS = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECTS = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const MALFORMED: [string, string][] = [
  ['truncated JSON', '{"orderResponse":{"header":'],
  ['trailing comma', '{"id":1,}'],
  ['single quotes', "{'id':1}"],
  ['a bare string', '"hello"'],
  ['a bare number', '42'],
  ['null', 'null'],
  ['an array', '[1,2]'],
  ['10,000 nested arrays', DEEP_ARRAYS],
  ['10,000 nested objects', DEEP_OBJECTS],
  ['a deep array in a field', `{"id":${DEEP_ARRAYS},"name":${DEEP_ARRAYS},"orderResponse":${DEEP_ARRAYS},"email":${DEEP_ARRAYS}}`],
  ['invalid escape', '{"id":"\\x00"}'],
  ['NUL byte in the text', '{"id":1,\u0000"name":"a"}'],
  ['duplicate keys', '{"id":1,"id":"2"}'],
];

let sent = 0;
const perRoute: string[] = [];

async function send(e: Endpoint, ctx: Ctx, label: string, init: Init): Promise<Sent> {
  const url = new URL(e.path, 'http://localhost');
  for (const [k, v] of init.query) url.searchParams.append(k, v);
  const headers: Record<string, string> = { ...(await ctx.who.headers()), ...(e.spec.headers?.(ctx) ?? {}) };
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (init.contentType) headers['content-type'] = init.contentType;
  const hasBody = e.method !== 'GET' && init.body !== undefined;
  const multipart = hasBody && e.spec.multipart && !init.form && !init.contentType ? asMultipart(init.body!) : undefined;
  if (multipart) delete headers['content-type'];
  const request = new Request(url, { method: e.method, headers, body: multipart ?? (hasBody ? init.body : undefined) });
  const response = await e.handler(request, { params: Promise.resolve(init.params as Record<string, string | string[]>) });
  sent += 1;
  return {
    label,
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
    location: response.headers.get('location'),
    form: Boolean(init.form),
  };
}

/** A JSON object body as the multipart form an upload route reads (text fields; objects as JSON); anything else as it is. */
function asMultipart(body: string): FormData | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  const form = new FormData();
  try {
    for (const [name, value] of Object.entries(parsed)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    return body; // nested too deep to write again (the 10,000 levels): sent as it came
  }
  return form;
}

const STACK_FRAME = /\bat .*\(?[^\s()]+:\d+:\d+\)?|\n\s+at /;
const SQL_WORDS = /syntax error|\brelation\b|\bcolumn\b|violates|invalid byte sequence|out of range|invalid input syntax/i;
const FILE_PATH = /\/work\/|node_modules|\.tsx?:|\.js:\d/;

/** What every answer must be: no server error, and a refusal that says why without showing our insides. */
function expectSafe(e: Endpoint, who: string, a: Sent): void {
  const where = `${e.key} as ${who}: ${a.label}`;
  if (a.status >= 500) expect({ where, status: a.status, body: a.text.slice(0, 300) }).toEqual({ where, status: 'below 500' });
  if (a.status >= 200 && a.status < 300) return;
  if (a.form && a.status === 303) {
    // A plain form is answered by a redirect (by design), back to this site (APP_URL) only.
    expect({ where, location: new URL(a.location ?? '').origin }).toEqual({ where, location: new URL(env.APP_URL).origin });
    return;
  }
  expect({ where, contentType: a.contentType }).toEqual({ where, contentType: 'application/json' });
  const body = JSON.parse(a.text) as { message: unknown; errors: unknown };
  expect({ where, message: typeof body.message }).toEqual({ where, message: 'string' });
  expect({ where, errors: body.errors !== null && typeof body.errors === 'object' && !Array.isArray(body.errors) }).toEqual({
    where,
    errors: true,
  });
  for (const leak of [STACK_FRAME, SQL_WORDS, FILE_PATH])
    expect({ where, leaks: leak.test(a.text) ? a.text.slice(0, 300) : null }).toEqual({ where, leaks: null });
}

// ——— What the routes can write, fingerprinted ———

const targets: CreatedDocument[] = [];

async function fingerprint(): Promise<Record<string, string>> {
  const ids = targets.map((t) => t.id);
  const tinyMces = targets.map((t) => t.tinyMce);
  const docnos = targets.map((t) => t.docno);
  const own = `%@${OWN_DOMAIN}`;
  const { rows } = await pool.query<Record<string, string>>(
    `select
      md5(coalesce((select string_agg(concat_ws('|', id, tiny_mce, docno, is_read, read_at, read_by, responded_at, responded_by, wf_status_code, response::text, updated_at), ',' order by id) from xdocs where id <> all($1::bigint[]) and (related_xdoc_id is null or related_xdoc_id <> all($1::bigint[]))), '')) as xdocs,
      md5(coalesce((select string_agg(concat_ws('|', xdoc_id, line_number, delivery_address_code, qty, amount, response, reason, supplier_ref, order_descr), ',' order by xdoc_id, line_number, delivery_address_code) from xdoc_lines where xdoc_id <> all($1::bigint[]) and xdoc_id not in (select id from xdocs where related_xdoc_id = any($1::bigint[]))), '')) as lines,
      md5(coalesce((select string_agg(concat_ws('|', id, xdoc_id, entity_type, entity_id, action, descr), ',' order by id) from audit_entries
        where (xdoc_id is null or (xdoc_id <> all($1::bigint[]) and xdoc_id not in (select id from xdocs where related_xdoc_id = any($1::bigint[])))) and not (entity_type = 'user' and entity_id in (select id from users where email like $3))), '')) as audit,
      md5(coalesce((select string_agg(concat_ws('|', id, name, email, password_hash, role_id, parent_user_id, deleted_at, session_version, last_login, updated_at), ',' order by id) from users where email not like $3), '')) as users,
      md5(coalesce((select string_agg(concat_ws('|', user_id, vendor_id, can_write), ',' order by user_id, vendor_id) from user_vendors), '')) as user_vendors,
      md5(coalesce((select string_agg(concat_ws('|', user_id, subsidiary_id, can_read, can_write), ',' order by user_id, subsidiary_id) from user_subsidiaries), '')) as user_subsidiaries,
      md5(coalesce((select string_agg(concat_ws('|', id, kind, status), ',' order by id) from outbox
        where not (kind = 'resend-order' and (payload->>'xdocId')::bigint = any($1::bigint[]))
          and not (kind = 'vendor-report' and (payload->>'userId')::int in (select id from users where email like $3))
          and not (kind = 'catalogue-download' and payload->>'userId' in (select id::text from users where email like $3))), '')) as outbox,
      (select count(*) from user_activities where user_email not like $3
        and not (activity in ('respond-order', 'undismiss', 'mark-outstanding', 'resend-order') and coalesce(detail->>'tinyMce' = any($2::text[]), false))
        and not (activity in ('submit-invoice', 'submit-credit-note', 'submit-delivery-note', 'dismiss-invoicing')
                 and coalesce(coalesce(detail->>'orderno', detail->>'docno') = any($4::text[]), false)))::text as activities,
      (select count(*) from login_failures where email not like $3)::text as login_failures,
      (select count(*) from password_reset_requests where email not like $3)::text as reset_requests,
      md5(coalesce((select string_agg(concat_ws('|', id, user_id, used_at), ',' order by id) from password_resets), '')) as reset_links,
      md5(coalesce((select string_agg(concat_ws('|', user_id, code, disabled), ',' order by user_id, code) from email_preferences where user_id not in (select id from users where email like $3)), '')) as preferences,
      md5(coalesce((select string_agg(concat_ws('|', user_id, subsidiary_id, vendor_codes::text), ',' order by user_id) from history_selections
        where user_id not in (select id from users where email like $3)), '')) as history_selections`,
    [ids, tinyMces, own, docnos],
  );
  return rows[0];
}

/** Whether an order waiting to be invoiced was invoiced, delivered against, closed or written about. */
async function invoicingTouched(target: CreatedDocument): Promise<boolean> {
  const { rows } = await pool.query<{ touched: boolean }>(
    `select (x.invoicing_closed_at is not null or x.to_follow <> 0
             or exists (select 1 from xdocs r where r.related_xdoc_id = x.id)
             or exists (select 1 from invoiced_lines i where i.order_xdoc_id = x.id)
             or exists (select 1 from delivered_lines d where d.order_xdoc_id = x.id)
             or exists (select 1 from audit_entries a where a.xdoc_id = x.id)) as touched
       from xdocs x where x.id = $1`,
    [target.id],
  );
  return rows[0]?.touched ?? true;
}

/** Whether a target document has been changed in any way a write route could change it. */
async function touched(target: CreatedDocument): Promise<boolean> {
  const { rows } = await pool.query<{ touched: boolean }>(
    `select (x.is_read or x.responded_at is not null or x.response is not null or x.wf_status_code <> 'received'
             or exists (select 1 from xdoc_lines l where l.xdoc_id = x.id and (l.response is not null or l.reason is not null or l.supplier_ref is not null))
             or exists (select 1 from audit_entries a where a.xdoc_id = x.id)) as touched
       from xdocs x where x.id = $1`,
    [target.id],
  );
  return rows[0]?.touched ?? true;
}

// ——— Who sends them ———

async function demoUser(email: string): Promise<Who> {
  const user = await userByEmail(email);
  const headers = await sessionHeaders(email);
  return { email, userId: user.id, headers: async () => headers };
}

/** A user of the suite's own with the role (and vendor links) of a demo user; each request gets a session of its current version. */
async function ownTwin(role: 'v_admin' | 'm2_admin', name: string): Promise<Who> {
  const email = `${name}-${RUN}@${OWN_DOMAIN}`;
  const [user] = await db.insert(users).values({ name: 'Hostile Twin', email, roleId: ROLE_IDS[role] }).returning({ id: users.id });
  if (role === 'v_admin') {
    for (const code of ['V0001', 'V0002'])
      await db.insert(userVendors).values({ userId: user.id, vendorId: (await vendorByCode(code)).id, canWrite: true });
  }
  return {
    email,
    userId: user.id,
    headers: async () => {
      const current = await userByEmail(email);
      const token = await encodeSession(current);
      return {
        cookie: `${SESSION_COOKIE}=${token}; XSRF-TOKEN=${TEST_XSRF}`,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        'x-xsrf-token': TEST_XSRF,
      };
    },
  };
}

let readable: CreatedDocument;
/** A read-only integration key of the suite's own (events:read), for the /api/v1 routes. */
let feedKey = '';
const feedKeyHeader = () => ({ authorization: `Bearer ${feedKey}` });
let routes: Endpoint[] = [];
let demo: { supplier: Who; admin: Who };
let twins: { supplier: Who; admin: Who };

beforeAll(async () => {
  readable = await createOrder({ vendorCode: 'V0002', lines: 2 });
  feedKey = newApiKey();
  await db.insert(integrations).values({
    name: `hostile-${RUN}`,
    subsidiaryIds: [readable.subsidiaryId],
    scopes: ['events:read'],
    keyPrefix: keyHint(feedKey),
    keyHash: hashApiKey(feedKey),
  });
  demo = { supplier: await demoUser(SUPPLIER), admin: await demoUser(ADMIN) };
  twins = { supplier: await ownTwin('v_admin', 'supplier'), admin: await ownTwin('m2_admin', 'admin') };
  routes = await endpoints();
  // The seeded changes a hostile change id can coerce to ('1', true, [1, 2], '0x10') are decided first, so
  // the approval routes refuse them as decided rather than approve them (see ROUTES).
  for (const table of ['item_changes', 'pricing_changes'])
    await pool.query(
      `update ${table} set status = 'rejected', comments = 'decided by the hostile-input suite' where id in (1, 2, 16) and status = 'pending'`,
    );
}, 60_000);

afterAll(async () => {
  await removeRaisedDocuments(targets.map((t) => t.id));
  // Resends of the suite's targets wait in the outbox; the relay's nudge opened the queue's connection.
  await pool.query(`delete from outbox where kind = 'resend-order' and (payload->>'xdocId')::bigint = any($1::bigint[])`, [
    targets.map((t) => t.id),
  ]);
  await closeQueue();
  await removeCreatedDocuments();
  await db.delete(integrations).where(eq(integrations.name, `hostile-${RUN}`));
  await db.delete(users).where(like(users.email, `%-${RUN}@${OWN_DOMAIN}`));
  await db.delete(loginFailures).where(like(loginFailures.email, `%-${RUN}-%@${OWN_DOMAIN}`));
  await db.delete(passwordResetRequests).where(like(passwordResetRequests.email, `%-${RUN}-%@${OWN_DOMAIN}`));
  await db.delete(userActivities).where(like(userActivities.userEmail, `%-${RUN}-%@${OWN_DOMAIN}`));
  const twinIds = [twins.supplier.userId, twins.admin.userId];
  // The twins' e-mailed downloads: their jobs, and the queue the web code nudged them into.
  await db
    .delete(outbox)
    .where(and(eq(outbox.kind, 'catalogue-download'), inArray(sql`${outbox.payload}->>'userId'`, twinIds.map(String))));
  await closeQueue();
  await db.delete(auditEntries).where(and(eq(auditEntries.entityType, 'user'), inArray(auditEntries.entityId, twinIds)));
  // The vendor report's request nudges the outbox relay, which opens the queue's Redis connection.
  await closeQueue();
  process.stdout.write(`hostile input: ${sent} requests on ${routes.length} route methods\n  ${perRoute.join('\n  ')}\n`);
  await pool.end();
});

// ——— The barrage of one route ———

type Init = { params: Record<string, unknown>; query: [string, string][]; body?: string; form?: boolean; contentType?: string };
/** One hostile request of a route, built for the request's own context (its number, its target). */
type Variant = { label: string; build: (ctx: Ctx) => Init };

function variants(e: Endpoint, sample: Ctx): Variant[] {
  const paramsOf = (ctx: Ctx) => e.spec.params?.(ctx) ?? Object.fromEntries(e.segments.map((s) => [s, 'x']));
  const bodyOf = (ctx: Ctx) => (e.method === 'GET' ? undefined : (e.spec.body?.(ctx) ?? {}));
  const base = (ctx: Ctx): Init => {
    const body = bodyOf(ctx);
    return { params: paramsOf(ctx), query: [], body: body && JSON.stringify(body) };
  };
  const out: Variant[] = [{ label: 'the valid baseline', build: base }];

  for (const name of Object.keys(paramsOf(sample))) {
    for (const v of PARAM_VALUES) {
      out.push({
        label: `param ${name}: ${v.label}`,
        build: (ctx) => {
          const init = base(ctx);
          if ('missing' in v) delete init.params[name];
          else init.params[name] = v.value;
          return init;
        },
      });
    }
  }

  const queryNames = [...(e.spec.query ?? (e.method === 'GET' ? COMMON_QUERY : [])), ...PROTOTYPE_KEYS];
  // A state-changing route reads no query: a few values show it is ignored (or, for unstorable text, refused).
  const queryValues = e.method === 'GET' ? QUERY_VALUES : QUERY_VALUES.filter((v) => NON_GET_QUERY_VALUES.includes(v.label));
  for (const name of queryNames) {
    for (const v of queryValues) {
      const values = 'missing' in v ? [] : Array.isArray(v.value) ? (v.value as string[]) : [String(v.value)];
      out.push({
        label: `query ${name}: ${v.label}`,
        build: (ctx) => ({ ...base(ctx), query: values.map((x): [string, string] => [name, x]) }),
      });
    }
    out.push({ label: `query ${name}[]`, build: (ctx) => ({ ...base(ctx), query: [[`${name}[]`, '1']] }) });
  }

  const sampleBody = bodyOf(sample);
  if (sampleBody) {
    const paths = fieldPaths(sampleBody);
    // A route without a known body gets the common names; a known body's own fields are what its schema reads.
    if (!e.spec.body) paths.push(...COMMON_BODY.map((name) => [name]));
    // A key that is the target's own id (bulkResponse: {tinyMce: docno}) stands for the current target's.
    const current = (path: string[], ctx: Ctx) => path.map((k) => (sample.target && k === sample.target.tinyMce ? ctx.target!.tinyMce : k));
    for (const path of paths) {
      for (const v of BODY_VALUES) {
        out.push({
          label: `body ${path.join('.')}: ${v.label}`,
          build: (ctx) => ({ ...base(ctx), body: JSON.stringify(withField(bodyOf(ctx)!, current(path, ctx), v)) }),
        });
      }
    }
    oddKeyBodies(sampleBody).forEach(([label], i) => {
      out.push({ label, build: (ctx) => ({ ...base(ctx), body: oddKeyBodies(bodyOf(ctx)!)[i][1] }) });
    });
    for (const [label, text] of MALFORMED) out.push({ label, build: (ctx) => ({ ...base(ctx), body: text }) });
    out.push({
      label: 'multipart content type on a JSON route',
      build: (ctx) => ({ ...base(ctx), contentType: 'multipart/form-data; boundary=x', body: '--x\r\nnot a form' }),
    });
    if (e.spec.form) {
      // The same fields as a plain HTML form: text only, so the odd texts.
      const fieldsOf = (ctx: Ctx) => Object.fromEntries(Object.entries(bodyOf(ctx)!).map(([k, v]) => [k, String(v)]));
      const form = (f: Record<string, string>) => new URLSearchParams({ ...f, _token: TEST_XSRF }).toString();
      out.push({ label: 'form: the valid baseline', build: (ctx) => ({ ...base(ctx), form: true, body: form(fieldsOf(ctx)) }) });
      for (const name of Object.keys(fieldsOf(sample))) {
        for (const [label, value] of ODD_TEXT) {
          out.push({
            label: `form ${name}: ${label}`,
            build: (ctx) => ({ ...base(ctx), form: true, body: form({ ...fieldsOf(ctx), [name]: value }) }),
          });
        }
      }
      out.push({
        label: 'form: broken percent escapes',
        build: (ctx) => ({ ...base(ctx), form: true, body: `email=%E0%A4%A&password=%&_token=${TEST_XSRF}` }),
      });
    }
  }
  return out;
}

const CONCURRENCY = 4;

async function barrage(e: Endpoint, who: Who, whoName: string): Promise<number> {
  let n = 0;
  if (e.spec.target) {
    // One request at a time, each at the current target; a 2xx may answer it by design (then a fresh one).
    let target = await e.spec.target();
    targets.push(target);
    const plan = variants(e, { who, n: 0, target });
    for (const v of plan) {
      const ctx = { who, n: n++, target };
      const answer = await send(e, ctx, v.label, v.build(ctx));
      expectSafe(e, whoName, answer);
      if (await (e.spec.touched ?? touched)(target)) {
        const where = `${e.key} as ${whoName}: ${v.label} changed its target`;
        expect({ where, by2xx: answer.status >= 200 && answer.status < 300 }).toEqual({ where, by2xx: true });
        target = await e.spec.target();
        targets.push(target);
      }
    }
    return plan.length;
  }
  const plan = variants(e, { who, n: 0 });
  let next = 0;
  const work = async () => {
    while (next < plan.length) {
      const v = plan[next++];
      const ctx = { who, n: n++ };
      expectSafe(e, whoName, await send(e, ctx, v.label, v.build(ctx)));
    }
  };
  // A route that signs its user out takes one request at a time: each begins with a session of the user's current version.
  await Promise.all(Array.from({ length: e.spec.own ? 1 : CONCURRENCY }, work));
  return plan.length;
}

describe('hostile input on every route', () => {
  it('finds the route table in app/api', () => {
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/orders', 'PUT /api/orders/[id]', 'POST /api/login', 'PUT /api/users/[id]']));
    expect(keys.some((k) => k.includes('nextauth'))).toBe(false);
    // Every walked route has its fields in the table: a new route should get its schema's names there.
    expect(keys.filter((k) => !ROUTES[k])).toEqual([]);
  });

  it('answers every hostile request below 500 with a clean refusal, and changes nothing it should not', async () => {
    for (const e of routes) {
      const started = Date.now();
      const before = await fingerprint();
      const signedIn = e.spec.own ? twins : demo;
      const count = (await barrage(e, signedIn.supplier, 'supplier')) + (await barrage(e, signedIn.admin, 'admin'));
      expect({ route: e.key, fingerprint: await fingerprint() }).toEqual({ route: e.key, fingerprint: before });
      perRoute.push(`${e.key}: ${count} requests, ${Date.now() - started} ms`);
    }
    // Nothing reached Object.prototype through a __proto__ key.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 900_000);
});
