// The receiver is shared with `npm run integration:demo` (scripts/webhook-receiver.ts).
export { downUrl, WebhookReceiver, type Received } from '../../../scripts/webhook-receiver';
