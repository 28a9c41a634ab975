import { sql, type SQL } from 'drizzle-orm';
import { xdocs } from '../../../db/schema';
import { escapeLike } from '../query-text';

/**
 * Above this many matches a part-number search says "more than 1,000" (docs/api.md, Departures from the
 * spec): its total is counted up to here and no further, so a fragment in every number costs what a rare
 * one does. Twenty pages of fifty are more than anyone pages through to find one number.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/** The shortest fragment with a piece in the indexes (a trigram in pg_trgm's, a three-character piece in ours). */
const PIECE_MIN_LENGTH = 3;
/** Past this many vendors one index branch per vendor costs more than the trigram index. */
const MAX_VENDOR_BRANCHES = 20;

/**
 * Any part of the document number, in any case ('4632' finds PO00004632), as a condition on xdocs.
 *
 * - Three characters or more, for a list read by vendor (a supplier's, or one vendor's): each list has a
 *   GIN index of its documents' numbers cut into pieces of three and four characters prefixed by the
 *   vendor (`docno_vendor_grams`, migration 0026), so the candidates are that vendor's documents of that
 *   list holding every four-character piece of the fragment (or the fragment, when it has three), however
 *   many documents other vendors and lists hold. The fragment is cut by SQL functions of the same
 *   migration, and `ilike` checks the pieces' order; it is on docno itself, so that the trigram index is
 *   not also asked: its lossy bitmap would make PostgreSQL recompute the pieces of every candidate.
 * - Otherwise (a list of every vendor) three characters or more are a LIKE on lower(docno), which the
 *   trigram index xdocs_docno_trgm_idx serves; one or two hold no trigram, so they are an ILIKE on docno,
 *   checked on the list's own index (docno is in each), whose reading stops at the cap.
 *
 * The statement is planned for the text (queries.ts, plannedForValues), so the planner weighs how many
 * numbers contain it: a fragment in most of them is found faster by reading the list in date order.
 */
export function docnoContains(docno: string, vendorIds: readonly number[] | null): SQL {
  const pattern = `%${escapeLike(docno.toLowerCase())}%`;
  if (docno.length >= PIECE_MIN_LENGTH && vendorIds?.length && vendorIds.length <= MAX_VENDOR_BRANCHES) {
    const holding = vendorIds.map(
      (vendorId) =>
        sql`docno_vendor_grams(${xdocs.vendorId}, ${xdocs.docno}) @> docno_fragment_grams(${sql.raw(String(Math.trunc(vendorId)))}, ${docno})`,
    );
    return sql`(${sql.join(holding, sql` or `)}) and ${xdocs.docno} ilike ${pattern}`;
  }
  return docno.length >= PIECE_MIN_LENGTH ? sql`lower(${xdocs.docno}) like ${pattern}` : sql`${xdocs.docno} ilike ${pattern}`;
}
