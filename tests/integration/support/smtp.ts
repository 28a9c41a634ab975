import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; subject: string; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can be stopped and restarted on the same port. */
export class TestSmtpServer {
  readonly messages: ReceivedMail[] = [];
  port = 0;
  /**
   * While set, a message it matches is kept but the server's "250 accepted" is withheld (until releaseReplies()):
   * the moment a client may die after the server took its message, before it heard so. A real server has the
   * message then too; the client, not knowing, sends it again.
   */
  holdReplyWhen: ((mail: ReceivedMail) => boolean) | undefined;
  /** While set, a recipient it answers a code for (550 for good, 450 for now) is refused with that code. */
  refuseRecipient: ((address: string) => number | undefined) | undefined;
  private held: (() => void)[] = [];
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain text on loopback; nodemailer would otherwise try TLS with a self-signed cert
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const code = this.refuseRecipient?.(address.address);
        if (!code) return callback();
        callback(Object.assign(new Error(`Mailbox ${address.address} refused`), { responseCode: code }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
            raw,
          };
          this.messages.push(mail);
          if (this.holdReplyWhen?.(mail)) this.held.push(() => callback());
          else callback();
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

  /** Stops holding and answers the held messages (to a client that is gone, smtp-server writes nothing). */
  releaseReplies(): void {
    this.holdReplyWhen = undefined;
    for (const reply of this.held.splice(0)) reply();
  }

  async stop(): Promise<void> {
    this.releaseReplies();
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

/** The attachment named `fileName` of a received message, decoded (nodemailer writes attachments in base64). */
export function attachmentOf(mail: ReceivedMail, fileName: string): Buffer {
  const part = mail.raw.split(/\r?\n--/).find((p) => /^Content-Disposition: attachment/im.test(p) && p.includes(fileName));
  if (!part) throw new Error(`no attachment ${fileName} in the message`);
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('');
  return Buffer.from(body.replace(/\s/g, ''), 'base64');
}
