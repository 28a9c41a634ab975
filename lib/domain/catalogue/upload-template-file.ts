import type { Readable } from 'node:stream';
import { xlsxReadable, xlsxSheet } from '../../exports/xlsx';
import { UPLOAD_COLUMNS, type CatalogueKind } from './upload-templates';
import { catalogueColumnLabel } from '../masterdata/vocabulary';

/** The published upload template: a workbook whose only row is the header an upload must have. */
export function uploadTemplate(kind: CatalogueKind): Readable {
  const columns = UPLOAD_COLUMNS[kind].map((name) => ({ header: catalogueColumnLabel(name), width: 18, value: () => null }));
  return xlsxReadable([xlsxSheet(kind === 'items' ? 'Items' : 'Pricing', columns, [])]);
}

export const templateFileName = (kind: CatalogueKind) => `${kind}_upload_template.xlsx`;
