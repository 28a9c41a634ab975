import { isRunning } from './masterdata-screen';

describe('isRunning (spec §4: the verify flag)', () => {
  it('is true for true, "true", 1 and "1" only', () => {
    for (const flag of [true, 'true', 1, '1']) expect(isRunning(flag)).toBe(true);
    for (const flag of [false, 'false', 0, '0', null, undefined, 'yes']) expect(isRunning(flag)).toBe(false);
  });
});
