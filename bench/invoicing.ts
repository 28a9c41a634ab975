import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { load, type LoadResult, type NextRequest } from './load';
import type { BenchSupplier } from './suppliers';

/**
 * POST /invoices under 10 concurrent submitters (issue 9: p95 < 150 ms). Each request invoices 0.01 of
 * the first line with at least 1 left to invoice of an order waiting to be invoiced, with invoices to follow (so the order stays
 * open and the next request can take it again), as that order's supplier, with a fresh invoice number
 * and Idempotency-Key: every request is a real submission through the whole rule set, the order lock,
 * the new document, its lines, both audit entries and the activity.
 */

type Target = { email: string; tinyMce: string; lineNumber: number; deliveryAddressCode: string | null };

/** Up to `limit` orders to invoice of the bench suppliers, each with a line that has something left. */
async function targets(url: string, suppliers: BenchSupplier[], limit: number): Promise<Target[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Target & { vendorId: number }>(
      `select x.vendor_id as "vendorId", x.tiny_mce as "tinyMce", l.line_number as "lineNumber", l.delivery_address_code as "deliveryAddressCode"
         from xdocs x
         join lateral (select line_number, delivery_address_code from xdoc_lines l
                        where l.xdoc_id = x.id and l.originalqty >= 1 and coalesce(l.order_descr, '') <> 'cancelled'
                          and coalesce(l.response, '') <> 'Rejected'
                          -- at least 1 left to invoice (the seed's invoices, and earlier runs', took the rest)
                          and l.qty - coalesce((select sum(i.qty) from invoiced_lines i
                                                 where i.order_xdoc_id = x.id and i.line_number = l.line_number), 0) >= 1
                        order by line_number limit 1) l on true
        where x.xdoc_type_code = 'order' and x.responded_at is not null and x.invoicing_closed_at is null
          and x.wf_status_code in ('confirmed', 'mixed') and x.xdoc_sub_type_code is distinct from 'return'
          and x.xdoc_sub_type_code is distinct from 'jab' and coalesce(lower(x.xdoc_descr), '') not like '%jab%'
          and x.vendor_id = any($1::int[])
        order by x.id limit $2`,
      [suppliers.map((s) => s.vendorId), limit],
    );
    const emailOf = new Map(suppliers.map((s) => [s.vendorId, s.email]));
    return rows.map((r) => ({ ...r, email: emailOf.get(r.vendorId)! }));
  } finally {
    await client.end();
  }
}

function multipart(fields: Record<string, string>): { body: string; contentType: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Measures POST /invoices with `connections` concurrent submitters; cookies are the suppliers' signed-in sessions. */
export async function measureInvoiceSubmissions(
  base: string,
  url: string,
  suppliers: BenchSupplier[],
  cookies: Map<string, string>,
  { connections = 10, duration = 10 } = {},
): Promise<LoadResult> {
  const found = await targets(url, suppliers, 500);
  if (!found.length) throw new Error('no orders to invoice for the bench suppliers');
  const run = randomBytes(3).toString('hex').toUpperCase();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
  let n = 0;
  const next: NextRequest = () => {
    const target = found[n % found.length];
    n += 1;
    const { body, contentType } = multipart({
      tinyMce: target.tinyMce,
      invoiceNumber: `B${run}${n.toString(36).toUpperCase()}`.slice(0, 15),
      xdocInvoicedate: today,
      deliverynoteNumber: 'BENCH-DN',
      toFollow: '1',
      det: JSON.stringify([{ lineNumber: target.lineNumber, deliveryAddressCode: target.deliveryAddressCode, qty: '0.01' }]),
    });
    return {
      path: '/invoices',
      method: 'POST',
      body,
      headers: {
        cookie: cookies.get(target.email)!,
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': 'bench-xsrf-token',
        'idempotency-key': `bench-${run}-${n}`,
        'content-type': contentType,
      },
    };
  };
  return load('POST /invoices, 10 submitters', base, next, {
    connections,
    duration,
    label: `${found.length} orders, 0.01 per line, invoices to follow`,
  });
}
