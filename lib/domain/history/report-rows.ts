import { sql, type SQL } from 'drizzle-orm';
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

export function reportQuery(where: SQL, filter: HistoryReportFilter): SQL {
  return sql`select ${REPORT_SELECT} from ${xdocs}
    join ${subsidiaries} on ${subsidiaries.id} = ${xdocs.subsidiaryId}
    join ${vendors} on ${vendors.id} = ${xdocs.vendorId}
    left join ${stores} on ${stores.id} = ${xdocs.storeId}
    left join ${regions} on ${regions.id} = ${xdocs.regionId}
    left join ${divisions} on ${divisions.id} = ${xdocs.divisionId}
    where ${where} order by ${historyOrder(filter)}`;
}

/** The scoped search's report rows, a batch at a time from a database cursor. */
export async function reportBatches(scope: Scope, filter: HistoryReportFilter): Promise<AsyncIterable<HistoryReportRow[]>> {
  return cursorBatches<HistoryReportRow>(reportQuery((await historySearch(scope, filter)).where, filter));
}
