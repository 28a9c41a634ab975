import { CHANGE_STATUSES } from '../../db/schema/catalogue';
import { HISTORY_STATUSES } from '../domain/history/schemas';
import { changeStatusLabel, documentStatusLabel } from './statuses';

/** Sentence case: a capital first letter, the rest as written in the table ('Awaiting approval'). */
const SENTENCE_CASE = /^[A-Z][a-z0-9 -]*$/;

describe('statuses (spec §4)', () => {
  it('shows responded as Processed and received as Processing', () => {
    expect(documentStatusLabel('responded')).toBe('Processed');
    expect(documentStatusLabel('received')).toBe('Processing');
  });

  it('writes every document and change status in sentence case, never as its lower-case code', () => {
    for (const code of HISTORY_STATUSES) expect(documentStatusLabel(code)).toMatch(SENTENCE_CASE);
    for (const code of CHANGE_STATUSES) expect(changeStatusLabel(code)).toMatch(SENTENCE_CASE);
    expect(documentStatusLabel('confirmed')).toBe('Confirmed');
    expect(changeStatusLabel('pending')).toBe('Awaiting approval');
  });

  it('reads an unknown status in the same style, and nothing as nothing', () => {
    expect(documentStatusLabel('on_hold')).toBe('On hold');
    expect(documentStatusLabel(' MIXED ')).toBe('Mixed');
    expect(documentStatusLabel(null)).toBe('');
    expect(changeStatusLabel(undefined)).toBe('');
  });
});
