import { documentLabel } from '@/lib/vocabulary';
import {
  CREDIT_NOTE_NUMBER_REQUIRED,
  DELIVERY_NOTE_REQUIRED,
  INVOICE_NUMBER_REQUIRED,
  RETURN_NOTE_REQUIRED,
} from '@/lib/domain/invoicing/schemas';

/**
 * The invoice window's words for what it raises (issue 27): an invoice against an order, or a credit
 * note against a return order, which must not read as an invoice. The server stores a credit's return
 * note number where an invoice's delivery note number goes (deliverynoteNumber, required for both:
 * lib/domain/invoicing/submit-invoice.ts); no delivery note is raised against a return order, so the
 * credit window has no delivery-note picker and no "Delivered" column.
 */
export type RaiseWords = {
  /** 'Invoice' / 'Credit note' (lib/domain/documents/labels.ts). */
  document: string;
  order: string;
  /** What is left to … / More than the 4.00 left to … */
  verb: string;
  /** Column of what earlier documents took: 'Invoiced' / 'Credited'. */
  taken: string;
  /** Column of the order's quantity. */
  ordered: string;
  numberLabel: string;
  dateLabel: string;
  referenceLabel: string;
  /** The picker of the order's own delivery notes; none for a return order, which has none. */
  pick: { label: string; noneYet: string } | null;
  referenceRequired: string;
  numberRequired: string;
  fullyTaken: string;
  toFollow: string;
  loading: string;
  /** Whether the lines show what the supplier's delivery notes delivered. */
  showsDelivered: boolean;
};

const INVOICE = documentLabel({ xdocTypeCode: 'invoice' });
const CREDIT_NOTE = documentLabel({ xdocTypeCode: 'invoice', xdocSubTypeCode: 'creditnote' });

export const RAISE_WORDS: Record<'invoice' | 'credit', RaiseWords> = {
  invoice: {
    document: INVOICE,
    order: 'order',
    verb: 'invoice',
    taken: 'Invoiced',
    ordered: 'Ordered',
    numberLabel: `${INVOICE} number`,
    dateLabel: `${INVOICE} date`,
    referenceLabel: 'Delivery note number',
    pick: { label: 'Or pick a delivery note', noneYet: 'No delivery notes yet' },
    referenceRequired: DELIVERY_NOTE_REQUIRED,
    numberRequired: INVOICE_NUMBER_REQUIRED,
    fullyTaken: 'Order is fully invoiced. Do you want to proceed?',
    toFollow: 'Are there any other invoices to follow on this order?',
    loading: 'Loading the order’s deliveries and invoices…',
    showsDelivered: true,
  },
  credit: {
    document: CREDIT_NOTE,
    order: 'return order',
    verb: 'credit',
    taken: 'Credited',
    ordered: 'Returned',
    numberLabel: `${CREDIT_NOTE} number`,
    dateLabel: `${CREDIT_NOTE} date`,
    referenceLabel: 'Return note number',
    pick: null,
    referenceRequired: RETURN_NOTE_REQUIRED,
    numberRequired: CREDIT_NOTE_NUMBER_REQUIRED,
    fullyTaken: 'Return order is fully credited. Do you want to proceed?',
    toFollow: 'Are there any other credit notes to follow on this return order?',
    loading: 'Loading the return order’s credit notes…',
    showsDelivered: false,
  },
};
