import { isStorableText, unstorableTextPath } from './storable-text';

describe('storable text', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    expect(isStorableText('PO00000042 \u202e 😀 e\u0301 ñ')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
  });

  it('names the field of the first unstorable value or key, at any depth', () => {
    expect(unstorableTextPath({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(unstorableTextPath({ bulk: { ['k\u0000']: 'v' } })).toBe('bulk._key');
    expect(unstorableTextPath({ a: 1, b: true, c: null, d: 'fine' })).toBeNull();
    let deep: unknown = '\ud800';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(unstorableTextPath({ deep })).toMatch(/^deep(\.0)+$/);
  });
});
