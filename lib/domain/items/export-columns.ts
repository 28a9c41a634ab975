import type { XlsxColumn } from '../../exports/xlsx';
import { changeStatusLabel } from '../../vocabulary';
import { catalogueColumnLabel } from '../masterdata/vocabulary';
import type { ItemRow } from './queries';

/** items_export.xlsx: the upload template's columns first, so an edited export can be uploaded again; headers in words (upload-templates.ts reads them). */
export const ITEM_EXPORT_COLUMNS: XlsxColumn<ItemRow>[] = [
  { header: catalogueColumnLabel('vendorCode'), value: (r) => r.vendorCode },
  { header: catalogueColumnLabel('catalogueCode'), value: (r) => r.catalogueCode },
  { header: catalogueColumnLabel('descr'), width: 40, value: (r) => r.descr },
  { header: catalogueColumnLabel('barcode'), value: (r) => r.barcode },
  { header: catalogueColumnLabel('unitOfMeasure'), value: (r) => r.unitOfMeasure },
  { header: catalogueColumnLabel('packSize'), value: (r) => r.packSize },
  { header: catalogueColumnLabel('vendorName'), width: 30, value: (r) => r.vendorName },
  { header: catalogueColumnLabel('active'), value: (r) => (r.active ? 'Active' : 'Inactive') },
  { header: catalogueColumnLabel('status'), value: (r) => changeStatusLabel(r.status) },
];
