import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../lib/env';

/** A file sent with a message: its bytes, or a path the sending process can read (large reports). */
export type MailAttachment = { filename: string; contentType: string; content?: Buffer; path?: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /**
   * A Message-ID that stays the same when the same e-mail is sent again (`messageIdFor`). A worker killed after the
   * SMTP server accepted a message but before its outbox row committed sends it again on the retry; with the same
   * Message-ID the recipient's mail system sees one message, not two. Required, so no job can forget it.
   */
  messageId: string;
};

/** The Message-ID of a background job's e-mail: from the job's `effectKey`, the same on every attempt. */
export const messageIdFor = (effectKey: string) => `<${effectKey}@${new URL(env.APP_URL).hostname}>`;
/** `path` is set when the message was written to an .eml file instead of being sent. */
export type SentMail = { messageId: string; path?: string };

// One SMTP transport per process, rebuilt only if SMTP_URL changes (tests point it at a local server).
let smtp: { url: string; transport: Transporter } | undefined;
let fileTransport: Transporter | undefined;

/**
 * Bounded timeouts (nodemailer waits up to 10 min by default): a hung server must not hold a job, its row lock
 * and a pool connection for long. Query parameters already in SMTP_URL win.
 */
const SMTP_DEFAULTS = {
  connectionTimeout: '10000',
  greetingTimeout: '10000',
  socketTimeout: '60000',
  // Reuse connections: a new SMTP session per e-mail made the handshake cost more than the message.
  pool: 'true',
  maxConnections: '5',
};

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transport.close();
    const withDefaults = new URL(url);
    for (const [key, value] of Object.entries(SMTP_DEFAULTS)) {
      if (!withDefaults.searchParams.has(key)) withDefaults.searchParams.set(key, value);
    }
    smtp = { url, transport: nodemailer.createTransport(withDefaults.toString()) };
  }
  return smtp.transport;
}

/** Sends through SMTP when SMTP_URL is set; otherwise writes an .eml file so development needs no mail server. */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const mail = { from: env.MAIL_FROM, ...message };
  if (env.SMTP_URL) {
    const info = await smtpTransport(env.SMTP_URL).sendMail(mail);
    return { messageId: String(info.messageId) };
  }
  fileTransport ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await fileTransport.sendMail(mail);
  await mkdir(env.MAIL_DIR, { recursive: true });
  const id = String(info.messageId).replace(/[^A-Za-z0-9.-]/g, '');
  const file = path.resolve(env.MAIL_DIR, `${Date.now()}-${id}.eml`);
  await writeFile(file, info.message as Buffer);
  console.log(`[mail] wrote ${file} (to ${message.to}: ${message.subject})`);
  return { messageId: String(info.messageId), path: file };
}

/** Closes the cached SMTP transport (shutdown, or a test switching SMTP_URL). */
export function closeTransport(): void {
  smtp?.transport.close();
  smtp = undefined;
}
