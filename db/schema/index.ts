export * from './reference';
export * from './vendors';
export * from './users';
export * from './documents';
export * from './catalogue';
export * from './outbox';
export * from './integrations';
export * from './webhooks';
