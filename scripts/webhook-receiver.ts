import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; verified: Record<string, unknown> | null };

/** How a path answers: a status, or a delay before a 200 (a slow receiver). */
type Behaviour = { statuses?: number[]; delayMs?: number };

/**
 * A real webhook receiver on 127.0.0.1 (the tests' and `npm run integration:demo`'s): it verifies each request's signature with the standardwebhooks package
 * (the path's integration's secret) and answers as the test told that path to.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly behaviours = new Map<string, Behaviour>();
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(path);
        let verified: Record<string, unknown> | null = null;
        try {
          if (secret) verified = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Record<string, unknown>;
        } catch {
          verified = null;
        }
        this.received.push({ path, headers: req.headers, body, verified });
        const behaviour = this.behaviours.get(path) ?? {};
        const status = behaviour.statuses?.shift() ?? 200;
        const answer = () => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
        if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A URL of this receiver, answering as `behaviour` says. */
  endpoint(path: string, behaviour: Behaviour = {}): string {
    this.behaviours.set(path, behaviour);
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests to `path` are verified with this secret (the integration's, known once it is made). */
  trust(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  behave(path: string, behaviour: Behaviour): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A URL on which nothing listens: a port just freed. */
export async function downUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/down`;
}
