import { bulkResponseMap, failureMessage, parseIdList, responseOutcome } from './bulk';
import type { InboxRow } from '../tabs';

const row = (tinyMce: string, docno: string) => ({ tinyMce, docno }) as InboxRow;

describe('parseIdList', () => {
  it('reads a bracketed, comma-separated list', () => {
    expect(parseIdList('[a1,b2]')).toEqual(['a1', 'b2']);
    expect(parseIdList('[ a1 , b2 ]')).toEqual(['a1', 'b2']);
  });

  it('reads an empty list as none', () => {
    expect(parseIdList('[]')).toEqual([]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList(undefined)).toEqual([]);
  });

  it('accepts a JSON-like list with quotes and a real array', () => {
    expect(parseIdList('["a1","b2"]')).toEqual(['a1', 'b2']);
    expect(parseIdList(['x', 'y'])).toEqual(['x', 'y']);
  });
});

describe('bulkResponseMap', () => {
  it('maps each selected row on the page to its docno', () => {
    const rows = [row('t1', 'PO1'), row('t2', 'PO2'), row('t3', 'PO3')];
    expect(bulkResponseMap(rows, new Set(['t1', 't3', 'gone']))).toEqual({ t1: 'PO1', t3: 'PO3' });
  });

  it('is empty without a selection', () => {
    expect(bulkResponseMap([row('t1', 'PO1')], new Set())).toEqual({});
  });
});

describe('responseOutcome', () => {
  const docnos: Record<string, string> = { t1: 'PO1', t2: 'PO2', t3: 'PO3' };
  const docnoOf = (id: string) => docnos[id];

  it('reports success when nothing failed', () => {
    expect(responseOutcome({ successful: '[t1,t2]', failed: '[]' }, docnoOf)).toEqual({
      succeeded: ['t1', 't2'],
      failed: [],
      message: 'Response successfully submitted',
      kind: 'success',
    });
  });

  it('names the failed orders by number', () => {
    const outcome = responseOutcome({ successful: '[]', failed: '[t2,t3]' }, docnoOf);
    expect(outcome.message).toBe('Order [PO2, PO3] could not be responded to.');
    expect(outcome.kind).toBe('error');
  });

  it('reports both when some succeeded and some failed', () => {
    const outcome = responseOutcome({ successful: '[t1]', failed: '[t2]' }, docnoOf);
    expect(outcome.succeeded).toEqual(['t1']);
    expect(outcome.message).toBe('Response successfully submitted. Order [PO2] could not be responded to.');
  });

  it('falls back to the id for an order it does not know', () => {
    expect(responseOutcome({ successful: '[]', failed: '[zz]' }, docnoOf).message).toBe(failureMessage(['zz']));
  });
});
