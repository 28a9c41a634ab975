import { AUDIT_SHORT_LENGTH, shortAuditText } from './audit-text';

describe('shortAuditText', () => {
  it('keeps a description of up to 300 characters whole', () => {
    const text = 'a'.repeat(AUDIT_SHORT_LENGTH);
    expect(shortAuditText(text)).toEqual({ text, cut: false });
  });

  it('cuts a longer one to 300 characters plus an ellipsis, counting characters rather than UTF-16 units', () => {
    const text = '🙂'.repeat(301);
    const short = shortAuditText(text);
    expect(short.cut).toBe(true);
    expect([...short.text]).toHaveLength(301);
    expect(short.text.endsWith('🙂…')).toBe(true);
  });
});
