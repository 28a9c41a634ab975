import type { XlsxColumn } from '../../exports/xlsx';
import type { ItemRow } from './queries';

/** items_export.xlsx: the upload template's columns first, so an edited export can be uploaded again. */
export const ITEM_EXPORT_COLUMNS: XlsxColumn<ItemRow>[] = [
  { header: 'vendorCode', value: (r) => r.vendorCode },
  { header: 'catalogueCode', value: (r) => r.catalogueCode },
  { header: 'descr', width: 40, value: (r) => r.descr },
  { header: 'barcode', value: (r) => r.barcode },
  { header: 'unitOfMeasure', value: (r) => r.unitOfMeasure },
  { header: 'packSize', value: (r) => r.packSize },
  { header: 'vendorName', width: 30, value: (r) => r.vendorName },
  { header: 'active', value: (r) => (r.active ? 'active' : 'inactive') },
  { header: 'status', value: (r) => r.status },
];
