import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; subject: string; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can be stopped and restarted on the same port. */
export class TestSmtpServer {
  readonly messages: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain text on loopback; nodemailer would otherwise try TLS with a self-signed cert
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A client killed mid-session (the worker-kill test's SIGKILL) resets its socket: not the server's failure.
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') throw error;
    });
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}
