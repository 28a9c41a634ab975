import { z } from 'zod';

// Characters with no width or glyph of their own (zero-width space and joiners, soft hyphen, BOM …): a name of
// only these looks empty on every screen and e-mail.
const INVISIBLE = /[\p{Cf}\p{Cc}\s]/gu;
// Bidirectional overrides and isolates re-order the text around them: "‮fdp.exe" shows as "exe.pdf".
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * A piece of text people read as a label (a user's or a vendor's name): trimmed, at most `max` characters, not
 * empty to the eye, and free of the controls that make text show as something it is not. Joiners inside a name
 * stay allowed: some scripts and emoji need them.
 */
export const displayText = (name: string, { max = 120, emptyMessage = `${name} is required.` } = {}) =>
  z
    .string({ message: emptyMessage })
    .trim()
    .max(max, `${name} may be at most ${max} characters.`)
    .refine((value) => value.replace(INVISIBLE, '').length > 0, emptyMessage)
    .refine((value) => !BIDI_CONTROL.test(value), `${name} may not contain text-direction controls.`);
