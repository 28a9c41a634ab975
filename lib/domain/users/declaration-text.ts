// Free of database imports: the seed reads the version too.
/**
 * The declaration every user accepts before using the portal (spec §2: shown on load until accepted).
 * A new version is a new text with a new version string: everyone is asked again.
 */
export const DECLARATION_VERSION = '2026-1';

export const DECLARATION_TEXT = [
  'I will use the Trade Portal only for the business of the companies I am linked to, and keep my sign-in to myself.',
  'Documents, prices and data I see here are confidential between the retailer and its suppliers; I will not pass them on.',
  'What I submit (order responses, invoices, credit notes, delivery notes, item and pricing data) is true and complete to the best of my knowledge.',
  'My sign-ins and acts in the portal are recorded with their time and address.',
];
