import { ACTIVITIES } from '../domain/audit/activities';
import { ACTIVITY_LABELS } from './activities';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-actions';

describe('audit actions and activities', () => {
  it('has words for every recorded activity, and an administration act on a user reads as its activity', () => {
    for (const code of ACTIVITIES) expect(ACTIVITY_LABELS[code]).toMatch(/^[A-Z]/);
    expect(auditActionLabel('invite-user')).toBe('Invited a user');
  });

  it('reads every audit action as words: no dots, dashes or underscores of a code', () => {
    for (const [code, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label).not.toMatch(/[._]|^[a-z]/);
      expect(label).not.toBe(code);
    }
    expect(auditActionLabel('responded')).toBe('Answered');
    expect(auditActionLabel('integration.rotated')).toBe('Integration key renewed');
  });

  it('reads an action it does not know as words rather than the code', () => {
    expect(auditActionLabel('queue.paused')).toBe('Queue paused');
    expect(auditActionLabel('')).toBe('');
  });
});
