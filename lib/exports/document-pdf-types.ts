/** A party or place shown on the document, as plain data (no database rows). */
export type PdfStore = { name: string; code: string };

/** Where the goods go: the receiving store and its delivery address code. */
export type PdfDeliveryAddress = PdfStore & { addressCode?: string | null };

export type PdfDocumentLine = {
  lineNumber: number;
  catalogueCode: string;
  descr?: string | null;
  qty: string;
  /** Unit price excl. VAT in rands; null when the price is not set yet. */
  amount: string | null;
  taxPercent: string | null;
  taxAmount?: string | null;
  /** e.g. 'Rejected'. */
  response?: string | null;
  /** 'cancelled' marks a cancelled line. */
  orderDescr?: string | null;
  branchName?: string | null;
};

/** Spec §3 document fields needed to print one document. Money values are numeric strings in rands. */
export type PdfDocumentInput = {
  docno: string;
  orderno?: string | null;
  xdocTypeCode: string;
  xdocTypeDescr?: string | null;
  xdocSubTypeCode?: string | null;
  wfStatusCode: string;
  /** yyyy-mm-dd */
  docDate: string;
  deliveryDate?: string | null;
  /** The subsidiary (customer). */
  retailer: { name: string; code?: string };
  supplier: { name: string; code: string; vatNumber?: string; address?: string };
  store?: PdfStore | null;
  toStore?: PdfStore | null;
  /** Where the goods are delivered (the to-store, else the store); each line's own branch for multi-branch orders. */
  deliveryAddress?: PdfDeliveryAddress | null;
  deliveryMethod?: string | null;
  deliveryInstructions?: string | null;
  /** Spec §3 reason code (a discrepancy's A/B/C, a dispute's Q/U/O), printed in words. */
  reasonCode?: string | null;
  totals: { excl: string; tax: string; incl: string };
  lines: PdfDocumentLine[];
  generatedAt?: Date;
};

export type PdfRenderOptions = {
  /** Deflate the content streams (default true). Tests pass false to read the text. */
  compress?: boolean;
};
