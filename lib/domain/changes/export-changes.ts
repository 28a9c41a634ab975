import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { db } from '../../../db/client';
import { xlsxDateTime, xlsxReadable, xlsxSheet, type XlsxCell, type XlsxColumn } from '../../exports/xlsx';
import { readChanges, type ChangeRow } from './queries';
import type { ChangeKind, exportBodySchema } from './schemas';
import type { z } from 'zod';
import { changeStatusLabel } from '../../vocabulary';

export const CHANGES_EXPORT_FILE = 'changes_export.xlsx';
const CHUNK = 1000;

const COMMON: XlsxColumn<ChangeRow>[] = [
  { header: 'Change', width: 10, value: (c) => c.id },
  { header: 'Status', width: 18, value: (c) => changeStatusLabel(c.status) },
  { header: 'Vendor', width: 30, value: (c) => `${c.vendor.code} ${c.vendor.name}` },
  { header: 'Catalogue code', width: 16, value: (c) => cellOf(c.changeable.catalogueCode ?? c.current?.catalogueCode ?? '') },
];
const TAIL: XlsxColumn<ChangeRow>[] = [
  { header: 'Requested by', width: 24, value: (c) => c.requested_by?.name ?? '' },
  { header: 'Requested at (SAST)', width: 22, value: (c) => xlsxDateTime(c.created_at) },
  { header: 'Decided by', width: 24, value: (c) => c.decided_by?.name ?? '' },
  { header: 'Decided at (SAST)', width: 22, value: (c) => xlsxDateTime(c.decided_at) },
  { header: 'Comments', width: 40, value: (c) => c.comments ?? '' },
];

/** Each kind's sheet: the proposed value beside the current one for every field a change can carry. */
const SHEETS: Record<ChangeKind, { name: string; fields: [string, string][] }> = {
  item: {
    name: 'Item changes',
    fields: [
      ['descr', 'description'],
      ['barcode', 'barcode'],
      ['unitOfMeasure', 'unit of measure'],
      ['packSize', 'pack size'],
    ],
  },
  pricing: {
    name: 'Pricing changes',
    fields: [
      ['costPrice', 'cost price'],
      ['retailPrice', 'retail price'],
      ['effectiveFrom', 'effective from'],
    ],
  },
};

/** A stored value as a cell: what a change holds is JSON (text, number, boolean or null); missing is empty. */
const cellOf = (value: unknown): XlsxCell => (value ?? null) as XlsxCell;

function columnsOf(kind: ChangeKind): XlsxColumn<ChangeRow>[] {
  const fields = SHEETS[kind].fields.flatMap(([key, label]): XlsxColumn<ChangeRow>[] => [
    { header: `Current ${label}`, width: 20, value: (c) => cellOf(c.current?.[key]) },
    { header: `Proposed ${label}`, width: 20, value: (c) => cellOf(c.changeable[key]) },
  ]);
  return [...COMMON, ...fields, ...TAIL];
}

async function* changeBatches(actor: Actor, kind: ChangeKind, filter: z.infer<typeof exportBodySchema>) {
  for (let offset = 0; ; offset += CHUNK) {
    const rows = await readChanges(actor, kind, filter, CHUNK, offset);
    if (rows.length) yield rows;
    if (rows.length < CHUNK) return;
  }
}

const sheetOf = (actor: Actor, kind: ChangeKind, filter: z.infer<typeof exportBodySchema>) =>
  xlsxSheet(SHEETS[kind].name, columnsOf(kind), changeBatches(actor, kind, filter));

/** POST /changes/export: every change in the actor's scope (narrowed by the list's filter if sent), one sheet per kind. */
export async function exportChanges(actor: Actor, filter: z.infer<typeof exportBodySchema>): Promise<Readable> {
  assertCan(actor, 'changes.read');
  await recordActivity(db, actor, 'export', { detail: { export: CHANGES_EXPORT_FILE, ...filter } });
  return xlsxReadable([sheetOf(actor, 'item', filter), sheetOf(actor, 'pricing', filter)]);
}
