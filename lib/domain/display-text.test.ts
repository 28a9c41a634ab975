import { displayText } from './display-text';

describe('displayText', () => {
  const name = displayText('The name', { emptyMessage: 'You need to write something!' });
  const messageOf = (v: unknown) => name.safeParse(v).error?.issues[0]?.message;

  it('takes names in any script, trimmed, joiners inside them included', () => {
    expect(name.parse('  Thandiwe Nkosi ')).toBe('Thandiwe Nkosi');
    expect(name.parse('क्‍ष Traders')).toBe('क्‍ष Traders');
    expect(name.parse('Family 👩‍👩‍👧')).toBe('Family 👩‍👩‍👧');
  });
  it('refuses a name that looks empty', () => {
    for (const v of ['', '   ', '\u200B', '\u200B\u200D\uFEFF', '\u00AD\u2060', '\t\n'])
      expect(messageOf(v)).toBe('You need to write something!');
    expect(messageOf(undefined)).toBe('You need to write something!');
  });
  it('refuses text-direction controls that disguise what a name says', () => {
    expect(messageOf('Invoice \u202Efdp.exe')).toBe('The name may not contain text-direction controls.');
    expect(messageOf('Ann \u2067x\u2069')).toBe('The name may not contain text-direction controls.');
  });
  it('limits the length', () => {
    expect(messageOf('x'.repeat(121))).toBe('The name may be at most 120 characters.');
  });
});
