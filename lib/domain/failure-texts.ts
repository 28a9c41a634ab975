/**
 * The spec's failure texts (§8) that more than one screen or the server uses, in one place (plain data,
 * so client components use it too). Where the server gave a reason the text does not state, the reason
 * follows it (docs/api.md, Departures from the spec).
 */

/** 'Failed to approve change' / 'Failed to reject changes': one or several changes (Changes screen). */
export function changeDecisionFailed(decision: 'approve' | 'reject', count: number): string {
  return `Failed to ${decision} change${count === 1 ? '' : 's'}`;
}

/** '{user} has not been restored' (User management). */
export const userNotRestored = (name: string): string => `${name} has not been restored`;

/**
 * The one title of the alert that shows a refused or failed request, on every screen (spec §8 names it
 * 'Oops...', 'Oops!' and 'Oops' in different rows; the portal says it one way).
 */
export const OOPS_TITLE = 'Oops...';

/** A master-data approve or reject refused to the user (a 403): the Oops alert's words. */
export const MASTERDATA_NOT_PERMITTED = 'User does not have permissions';

/** The spec's text, then the server's reason when it has one the text does not already say. */
export function withReason(text: string, reason: string | null | undefined): string {
  const said = reason?.trim();
  if (!said || said === text) return text;
  return said.startsWith(text) ? said : `${text}: ${said}`;
}
