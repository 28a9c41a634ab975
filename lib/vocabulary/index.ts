/**
 * The portal's one vocabulary: every code a reader could meet (document types and sub-types, statuses,
 * roles, audit actions, user activities, reason codes, e-mail preference codes) as words, for screens,
 * PDFs, e-mails and exports alike. Plain data with no imports from the server, so client components use it.
 */
export * from './document-types';
export * from './reasons';
export * from './statuses';
export * from './roles';
export * from './activities';
export * from './audit-actions';
export * from './email-preferences';
