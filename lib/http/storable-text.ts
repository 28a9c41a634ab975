/**
 * Text PostgreSQL cannot take: `text` never holds U+0000, and `jsonb` refuses a lone UTF-16 surrogate
 * (JSON's "\ud800" arrives as one). Sent as a parameter either fails the statement, so a request carrying
 * it would end as a server error deep in a query. route() refuses it up front instead, in every params,
 * query and body value and key, with 422 naming the field: no valid input contains either.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT = 'The text contains a character that cannot be stored (a NUL character or broken Unicode).';

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

type Visit = { value: unknown; key: string; parent: Visit | null };

const pathOf = (visit: Visit | null, last?: string): string => {
  const keys = last === undefined ? [] : [last];
  for (let v = visit; v?.parent; v = v.parent) keys.unshift(v.key);
  return keys.join('.') || '_';
};

/**
 * The dotted path of the first key or string value in `value` that is not storable text, or null.
 * Walks with its own stack and parent links, so any nesting depth a JSON body can have costs no more
 * than its size.
 */
export function unstorableTextPath(value: unknown): string | null {
  const pending: Visit[] = [{ value, key: '', parent: null }];
  while (pending.length) {
    const visit = pending.pop()!;
    if (typeof visit.value === 'string') {
      if (!isStorableText(visit.value)) return pathOf(visit);
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) {
        if (!isStorableText(key)) return pathOf(visit, '_key');
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}
