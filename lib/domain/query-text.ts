import { z } from 'zod';

/**
 * Query strings carry text; these turn it into values with messages that name the parameter.
 * Shared by every list and look-up input so the same mistake gets the same answer everywhere.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export const intText = (name: string, { min = 1, max = 2_147_483_647 } = {}) =>
  z.preprocess(
    // Plain decimal digits only: Number() would also take '0x10', '1e3', '0b11' and '' (as 0).
    (value) => (typeof value === 'string' ? (DECIMAL.test(value.trim()) ? Number(value) : Number.NaN) : value),
    z
      .number({ message: `${name} must be a number.` })
      .int(`${name} must be a whole number.`)
      .min(min, `${name} must be at least ${min}.`)
      .max(max, `${name} must be at most ${max}.`),
  );

/**
 * yyyy-mm-dd that is a real calendar date (2026-02-30 is refused). The year starts at 0001: JavaScript
 * knows a year 0000, PostgreSQL's calendar has none and would fail the query on it.
 */
export const isoDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as yyyy-mm-dd.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !v.startsWith('0000') && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${name} is not a valid date.`);

/** Escapes LIKE's wildcards so a user's text matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
