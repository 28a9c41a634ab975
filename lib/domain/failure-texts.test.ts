import { changeDecisionFailed, MASTERDATA_NOT_PERMITTED, OOPS_TITLE, userNotRestored, withReason } from './failure-texts';

describe("the spec's failure texts (§8)", () => {
  it('says change or changes as one or several were decided', () => {
    expect(changeDecisionFailed('approve', 1)).toBe('Failed to approve change');
    expect(changeDecisionFailed('approve', 3)).toBe('Failed to approve changes');
    expect(changeDecisionFailed('reject', 1)).toBe('Failed to reject change');
    expect(changeDecisionFailed('reject', 2)).toBe('Failed to reject changes');
  });

  it("names the user who was not restored, and master data's refusal", () => {
    expect(userNotRestored('Thandi Nkosi')).toBe('Thandi Nkosi has not been restored');
    expect([OOPS_TITLE, MASTERDATA_NOT_PERMITTED]).toEqual(['Oops...', 'User does not have permissions']);
  });

  it("adds the server's reason after the text, once", () => {
    expect(withReason('Failed to approve change', 'This change was decided already.')).toBe(
      'Failed to approve change: This change was decided already.',
    );
    expect(withReason('Failed to approve change', '')).toBe('Failed to approve change');
    expect(withReason('Thandi has not been restored', 'Thandi has not been restored: the user is active.')).toBe(
      'Thandi has not been restored: the user is active.',
    );
  });
});
