import { sql, type SQL } from 'drizzle-orm';
import { db, queryPlannedForValues } from '../../../db/client';
import { cursorBatches } from '../../../db/cursor';
import { divisions, regions, stores, subsidiaries, vendors, xdocs } from '../../../db/schema';
import type { Scope } from '../../auth/scope';
import type { HistoryReportRow } from './report-columns';
import { historyOrder, historySearch } from './queries';
import type { HistoryReportFilter } from './schemas';

/** The report's columns by the row names of HistoryReportRow; dates and money as text, as PostgreSQL writes them. */
const REPORT_SELECT = sql`${xdocs.docno} as "docno", ${xdocs.orderno} as "orderno", ${xdocs.xdocTypeCode} as "xdocTypeCode",
  ${xdocs.xdocSubTypeCode} as "xdocSubTypeCode", ${xdocs.wfStatusCode} as "wfStatusCode", ${xdocs.docDate}::text as "docDate",
  ${xdocs.deliveryDate}::text as "deliveryDate", ${stores.name} as "storeName", ${subsidiaries.name} as "subsidiaryName",
  ${vendors.code} as "vendorCode", ${vendors.name} as "vendorName", ${regions.name} as "regionName", ${divisions.name} as "divisionName",
  ${xdocs.xdocTotalExcl}::text as "xdocTotalExcl", ${xdocs.xdocTotalIncl}::text as "xdocTotalIncl"`;

const REPORT_JOINS = sql`join ${subsidiaries} on ${subsidiaries.id} = ${xdocs.subsidiaryId}
    join ${vendors} on ${vendors.id} = ${xdocs.vendorId}
    left join ${stores} on ${stores.id} = ${xdocs.storeId}
    left join ${regions} on ${regions.id} = ${xdocs.regionId}
    left join ${divisions} on ${divisions.id} = ${xdocs.divisionId}`;

/** How many rows a download reads at a time. */
const DOWNLOAD_BATCH = 1000;

export function reportQuery(where: SQL, filter: HistoryReportFilter): SQL {
  return sql`select ${REPORT_SELECT} from ${xdocs} ${REPORT_JOINS} where ${where} order by ${historyOrder(filter)}`;
}

/**
 * The scoped search's report rows for the worker, a batch at a time from a database cursor: any number of
 * rows, one batch in memory, on one connection held in a transaction until the last row (the worker's
 * sessions have no idle-in-transaction limit, and it writes to a file, not to a slow client).
 */
export async function reportBatches(scope: Scope, filter: HistoryReportFilter): Promise<AsyncIterable<HistoryReportRow[]>> {
  return cursorBatches<HistoryReportRow>(reportQuery((await historySearch(scope, filter)).where, filter));
}

/**
 * The scoped search's report rows for a download, in batches that hold no connection between them: the
 * matching ids are read once, in the report's order (one statement; a download has at most
 * REPORT_STREAM_ROW_LIMIT rows, so the ids take a megabyte or two), then each batch takes a connection,
 * reads its rows by id under the same conditions, and gives the connection back. A client that reads
 * slowly pauses the stream between batches without holding the pool (docs/architecture.md, Security).
 */
export async function downloadReportBatches(scope: Scope, filter: HistoryReportFilter): Promise<AsyncIterable<HistoryReportRow[]>> {
  const { where } = await historySearch(scope, filter);
  const [found] = await queryPlannedForValues<{ ids: string[] | null }>(
    sql`select array_agg(${xdocs.id} order by ${historyOrder(filter)}) as ids from ${xdocs} where ${where}`,
  );
  return rowsByIdBatches(found?.ids ?? [], where);
}

async function* rowsByIdBatches(ids: readonly string[], where: SQL): AsyncGenerator<HistoryReportRow[]> {
  for (let start = 0; start < ids.length; start += DOWNLOAD_BATCH) {
    const batch = ids.slice(start, start + DOWNLOAD_BATCH);
    const { rows } = await db.execute<HistoryReportRow>(sql`select ${REPORT_SELECT}
      from unnest(${sql.param(batch)}::int8[]) with ordinality as picked(id, n) join ${xdocs} on ${xdocs.id} = picked.id ${REPORT_JOINS}
      where ${where} order by picked.n`);
    if (rows.length) yield rows;
  }
}
