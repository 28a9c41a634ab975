import { once } from 'node:events';
import { Busboy } from '@fastify/busboy';
import { CONTENT_TYPES, KIND_NAMES, sniffFileKind, type FileKind } from '../files/file-kind';
import { ApiError } from './errors';

/**
 * Request bodies, read with limits: a body over its limit is refused with 413 before it is read when
 * it says its length, and as soon as it passes the limit when it does not; nothing beyond the limit
 * is buffered. Uploaded files are checked by their content (lib/files/file-kind.ts).
 */
export const JSON_BODY_LIMIT = 1024 * 1024; // 1 MB: the largest JSON the screens send is a bulk response
export const FORM_BODY_LIMIT = 64 * 1024;

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const tooLarge = (limit: number) => new ApiError(413, `The request is too large: at most ${sizeText(limit)}.`);

/** Refuses at once a body whose declared length is over the limit. */
function checkDeclaredLength(req: Request, limit: number): void {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

/** The whole body as text, at most `limit` bytes. */
export async function readLimitedText(req: Request, limit: number): Promise<string> {
  return (await readLimitedBytes(req, limit)).toString('utf8');
}

/** The whole body as bytes, at most `limit` bytes (XML is decoded by its reader, which refuses bad UTF-8). */
export async function readLimitedBytes(req: Request, limit: number): Promise<Buffer> {
  checkDeclaredLength(req, limit);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A JSON object body; an empty body is {}. */
export async function readJsonBody(req: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const text = await readLimitedText(req, limit);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError(400, 'The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** A url-encoded HTML form (sign-in, sign-out, the password forms). */
export async function readFormBody(req: Request, limit = FORM_BODY_LIMIT): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readLimitedText(req, limit)).entries());
}

/** What a route accepts for one file field of a multipart form. */
export type FileRule = {
  kinds: readonly FileKind[];
  maxBytes: number;
  /** The message when the field is missing; without it the file is optional. */
  requiredMessage?: string;
};

export type UploadedFile = {
  fileName: string;
  kind: FileKind;
  /** The content type of what the file really is, not what the browser claimed. */
  contentType: string;
  bytes: Buffer;
};

export type MultipartSpec = {
  files: Record<string, FileRule>;
  /** The whole request, files and fields together; defaults to the files' limits plus 1 MB of fields. */
  maxBytes?: number;
};

const kindList = (kinds: readonly FileKind[]) => kinds.map((k) => KIND_NAMES[k]).join(' or ');
const fieldError = (status: number, field: string, message: string) => new ApiError(status, message, { [field]: [message] });

/**
 * Reads a multipart/form-data body: text fields as strings, each file of `spec.files` into memory up
 * to its own limit (files are stored in PostgreSQL, so they are size-limited anyway), checked by content.
 */
export async function readMultipart(
  req: Request,
  spec: MultipartSpec,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile | undefined> }> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new ApiError(415, 'Send this form as multipart/form-data.');
  const rules = spec.files;
  const largestFile = Math.max(0, ...Object.values(rules).map((r) => r.maxBytes));
  const limit = spec.maxBytes ?? Object.values(rules).reduce((sum, r) => sum + r.maxBytes, 0) + MB;
  checkDeclaredLength(req, limit);
  if (!req.body) throw new ApiError(400, 'The form is empty.');

  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile | undefined> = {};
  const parser = Busboy({
    headers: { 'content-type': contentType },
    limits: { fileSize: largestFile + 1, files: Object.keys(rules).length, fields: 100, fieldSize: MB, parts: 120 },
  });

  const reader = req.body.getReader();
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const finished = new Promise<void>((resolve) => {
    parser.on('finish', resolve);
    parser.on('error', () => {
      fail(new ApiError(400, 'The form could not be read.'));
      resolve();
    });
  });

  parser.on('field', (name, value, nameTruncated, valueTruncated) => {
    if (nameTruncated || valueTruncated) return fail(fieldError(413, name, `The field ${name} is too long.`));
    fields[name] = value;
  });
  parser.on('file', (name, stream, fileName) => {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) {
      stream.resume();
      return fail(fieldError(422, name, `The form has no file field ${name}.`));
    }
    const chunks: Buffer[] = [];
    let fileSize = 0;
    stream.on('data', (chunk: Buffer) => {
      fileSize += chunk.length;
      // A file over its own limit is a wrong value of its field (422), as a wrong kind is; 413 is
      // kept for a body over the whole request's limit.
      if (fileSize > rule.maxBytes) return fail(fieldError(422, name, `The file may be at most ${sizeText(rule.maxBytes)}.`));
      if (!failure) chunks.push(chunk);
    });
    stream.on('end', () => {
      if (failure) return;
      const bytes = Buffer.concat(chunks);
      // A file input left empty still sends a part, with no name and no bytes: that is no file.
      if (!fileName && bytes.length === 0) return;
      const kind = sniffFileKind(bytes);
      if (!kind || !rule.kinds.includes(kind)) return fail(fieldError(422, name, `The file must be a ${kindList(rule.kinds)}.`));
      files[name] = { fileName: safeFileName(fileName, kind), kind, contentType: CONTENT_TYPES[kind], bytes };
    });
  });
  parser.on('filesLimit', () => fail(new ApiError(422, 'The form has too many files.')));
  parser.on('fieldsLimit', () => fail(new ApiError(422, 'The form has too many fields.')));
  parser.on('partsLimit', () => fail(new ApiError(422, 'The form has too many parts.')));

  // The body is pulled chunk by chunk into the parser, and no further once something is wrong.
  let size = 0;
  while (!failure) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) fail(tooLarge(limit));
    else if (!parser.write(value)) await Promise.race([once(parser, 'drain'), finished]);
  }
  if (failure) {
    await reader.cancel().catch(() => {});
    parser.destroy();
    throw failure;
  }
  parser.end();
  await finished;
  if (failure) throw failure;

  for (const [name, rule] of Object.entries(rules)) {
    if (!files[name] && rule.requiredMessage) throw fieldError(422, name, rule.requiredMessage);
  }
  return { fields, files };
}

/** The name to store and serve a file under: no path, no control characters, the extension of what it is. */
function safeFileName(name: string, kind: FileKind): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120);
  const extension = kind === 'jpeg' ? 'jpg' : kind;
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${extension}`;
}
