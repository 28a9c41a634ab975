import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/permissions';
import { recordActivity } from '../audit/record';
import { db } from '../../../db/client';
import { streamWorkbook, type SheetColumn, type SheetWriter } from '../../exports/xlsx-stream';
import { readChanges, type ChangeRow } from './queries';
import type { ChangeKind, exportBodySchema } from './schemas';
import type { z } from 'zod';

export const CHANGES_EXPORT_FILE = 'changes_export.xlsx';
const CHUNK = 1000;

const COMMON: SheetColumn[] = [
  { header: 'Change', key: 'id', width: 10 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Vendor', key: 'vendor', width: 30 },
  { header: 'Catalogue code', key: 'catalogueCode', width: 16 },
];
const TAIL: SheetColumn[] = [
  { header: 'Requested by', key: 'requestedBy', width: 24 },
  { header: 'Requested at', key: 'createdAt', width: 22 },
  { header: 'Decided by', key: 'decidedBy', width: 24 },
  { header: 'Decided at', key: 'decidedAt', width: 22 },
  { header: 'Comments', key: 'comments', width: 40 },
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

function columnsOf(kind: ChangeKind): SheetColumn[] {
  const fields = SHEETS[kind].fields.flatMap(([key, label]) => [
    { header: `Current ${label}`, key: `current.${key}`, width: 20 },
    { header: `Proposed ${label}`, key: `proposed.${key}`, width: 20 },
  ]);
  return [...COMMON, ...fields, ...TAIL];
}

function rowOf(kind: ChangeKind, change: ChangeRow): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: change.id,
    status: change.status,
    vendor: `${change.vendor.code} ${change.vendor.name}`,
    catalogueCode: change.changeable.catalogueCode ?? change.current?.catalogueCode ?? '',
    requestedBy: change.requested_by?.name ?? '',
    createdAt: new Date(change.created_at),
    decidedBy: change.decided_by?.name ?? '',
    decidedAt: change.decided_at ? new Date(change.decided_at) : null,
    comments: change.comments ?? '',
  };
  for (const [key] of SHEETS[kind].fields) {
    row[`current.${key}`] = change.current?.[key] ?? null;
    row[`proposed.${key}`] = change.changeable[key] ?? null;
  }
  return row;
}

async function writeKind(writer: SheetWriter, actor: Actor, kind: ChangeKind, filter: z.infer<typeof exportBodySchema>) {
  writer.sheet(SHEETS[kind].name, columnsOf(kind));
  for (let offset = 0; ; offset += CHUNK) {
    const rows = await readChanges(actor, kind, filter, CHUNK, offset);
    for (const change of rows) await writer.row(rowOf(kind, change));
    if (rows.length < CHUNK) return;
  }
}

/** POST /changes/export: every change in the actor's scope (narrowed by the list's filter if sent), one sheet per kind. */
export async function exportChanges(actor: Actor, filter: z.infer<typeof exportBodySchema>): Promise<ReadableStream<Uint8Array>> {
  assertCan(actor, 'changes.read');
  await recordActivity(db, actor, 'export', { detail: { export: CHANGES_EXPORT_FILE, ...filter } });
  return streamWorkbook(async (writer) => {
    await writeKind(writer, actor, 'item', filter);
    await writeKind(writer, actor, 'pricing', filter);
  });
}
