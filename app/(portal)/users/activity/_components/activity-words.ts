import type { Activity } from '@/lib/domain/audit/activities';
import { ACTIVITY_LABELS } from '@/lib/vocabulary';

/** An activity as the vocabulary words it; one it does not know as words of its own. */
export const activityLabel = (code: string): string => ACTIVITY_LABELS[code as Activity] ?? sentenceOf(code);

/** Names of detail keys that read better as another word; the rest are split into words ('processId' → 'Process id'). */
const DETAIL_KEY: Record<string, string> = {
  user: 'User',
  processId: 'Process',
  process_id: 'Process',
  changeIDs: 'Changes',
  docno: 'Document',
  fileName: 'File',
  file: 'File',
  export: 'File',
  event_type: 'Event',
  emailed: 'E-mailed',
  delivery: 'Sent by',
  vendors: 'Vendors',
  write: 'Write access',
  orderno: 'Order',
  invoiceNumber: 'Invoice',
  deliverynoteNumber: 'Delivery note',
};

/** Internal keys a reader cannot use (database ids, the retailer system's row keys): left out of the text. */
const HIDDEN_KEYS = new Set(['userId', 'tinyMce', 'xdocId', 'id', 'wfStatusCode']);

/** 'processId' or 'event_type' as 'Process id' / 'Event type'. */
function sentenceOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(', ');
  if (typeof value === 'object') return `(${detailParts(value as Record<string, unknown>).join('; ')})`;
  return String(value);
}

function detailParts(detail: Record<string, unknown>): string[] {
  return Object.entries(detail)
    .filter(([key]) => !HIDDEN_KEYS.has(key))
    .map(([key, value]) => [DETAIL_KEY[key] ?? sentenceOf(key), valueText(value)] as const)
    .filter(([, text]) => text !== '' && text !== '()')
    .map(([label, text]) => `${label}: ${text}`);
}

/**
 * An activity's recorded detail (a JSON object of whatever the act kept: the user acted on, the file,
 * the changes decided) as one line of words, never as JSON: 'User: thandi@… · Vendors: V0001, V0002'.
 */
export function activityDetailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail !== 'object' || Array.isArray(detail)) return valueText(detail);
  return detailParts(detail as Record<string, unknown>).join(' · ');
}
