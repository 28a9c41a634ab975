/**
 * Spec §3 reason codes as words. A discrepancy (A/B/C) is what a goods received voucher (aux.grv) records
 * and what the supplier's invoice answering it states; a dispute uses Q/U/O. The two sets do not overlap.
 */
export const DISCREPANCY_REASON_CODES = ['A', 'B', 'C'] as const;
export type DiscrepancyReason = (typeof DISCREPANCY_REASON_CODES)[number];
export const DISCREPANCY_REASONS: Record<DiscrepancyReason, string> = {
  A: 'Quantity difference',
  B: 'Price difference',
  C: 'Quantity and price',
};

const DISPUTE_REASONS = { Q: 'Quantity Overcharge', U: 'Quantity Undercharge', O: 'Price Overcharge' } as const;

export const REASON_LABELS: Record<string, string> = { ...DISPUTE_REASONS, ...DISCREPANCY_REASONS };

/** 'Quantity difference' for 'A'; null for no code, the code itself when it is not one of §3's. */
export function reasonLabel(code: string | null | undefined): string | null {
  const key = code?.trim().toUpperCase();
  if (!key) return null;
  return REASON_LABELS[key] ?? key;
}
