import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { xdocs } from '../../db/schema';
import { orderBySql, sortParams } from './sorting';

const dialect = new PgDialect({ casing: 'snake_case' });
const text = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query);

const KEYS = ['docno', 'deliveryDate'] as const;
const schema = z.object({ page: z.coerce.number().default(1) }).extend(sortParams(KEYS));
const columns = { docno: xdocs.docno, deliveryDate: xdocs.deliveryDate };
const order = (input: z.infer<typeof schema>) =>
  text(orderBySql(input, columns, { tiebreak: xdocs.id, defaultOrder: sql`${xdocs.docDate} desc` }));

describe('sortParams', () => {
  it('accepts the offered columns and both directions', () => {
    expect(schema.parse({ sort: 'docno', direction: 'desc' })).toEqual({ page: 1, sort: 'docno', direction: 'desc' });
    expect(schema.parse({})).toEqual({ page: 1 });
  });

  it('refuses a column the list does not offer, and any other direction, naming what is allowed', () => {
    const badColumn = schema.safeParse({ sort: 'password_hash' });
    expect(badColumn.error?.issues[0].message).toBe('sort must be one of: docno, deliveryDate.');
    const badDirection = schema.safeParse({ sort: 'docno', direction: 'up; drop table xdocs' });
    expect(badDirection.error?.issues[0].message).toBe('direction must be asc or desc.');
  });
});

describe('orderBySql', () => {
  it('keeps the list’s own order without a sort', () => {
    expect(order({ page: 1 }).sql).toBe('"xdocs"."doc_date" desc');
  });

  it('orders by the column with the id after it in the same direction, as literal SQL', () => {
    expect(order({ page: 1, sort: 'deliveryDate' })).toEqual({
      sql: '"xdocs"."delivery_date" asc nulls last, "xdocs"."id" asc',
      params: [],
    });
    expect(order({ page: 1, sort: 'docno', direction: 'desc' }).sql).toBe('"xdocs"."docno" desc nulls first, "xdocs"."id" desc');
  });

  it('refuses a column that slipped past validation', () => {
    expect(() => orderBySql({ sort: 'toString' as 'docno' }, columns, { tiebreak: xdocs.id, defaultOrder: sql`1` })).toThrow(
      'Unknown sort column',
    );
  });
});
