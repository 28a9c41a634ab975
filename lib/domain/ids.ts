import { z } from 'zod';

/** The largest id an integer column holds: a larger number would fail the query instead of finding nothing. */
export const MAX_ID = 2_147_483_647;

/** An id in a path: digits only ('0x10' and '1e3' are not ids), within an integer column's range. */
export const idParam = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, message);
