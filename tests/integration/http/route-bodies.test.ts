import { z } from 'zod';
import { route } from '@/lib/http/route';
import { sessionHeaders } from '../support/actors';
import { pool } from '@/db/client';

/*
 * route() reads bodies within limits and multipart files by content (lib/http/body.ts). The handlers
 * here are real route() handlers made for the test; the requests are real Fetch Requests with a real
 * session, as Next hands them over.
 */

const SUPPLIER = 'supplier@portal.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

afterAll(async () => {
  await pool.end();
});

let handled = 0;
const jsonRoute = route({ body: z.object({ text: z.string() }) }, async ({ body }) => {
  handled += 1;
  return { length: body.text.length };
});
const uploadRoute = route(
  {
    allow: 'invoices.submit',
    body: z.object({ comments: z.string().max(20, 'comments may be at most 20 characters.').optional() }),
    multipart: {
      files: { file: { kinds: ['pdf', 'png', 'jpeg'], maxBytes: 1024, requiredMessage: 'Please Attach File before you submit' } },
    },
  },
  async ({ body, files }) => {
    handled += 1;
    const file = files.file!;
    return {
      comments: body.comments ?? null,
      fileName: file.fileName,
      kind: file.kind,
      contentType: file.contentType,
      size: file.bytes.length,
    };
  },
);

async function post(handler: typeof jsonRoute, body: BodyInit, headers: Record<string, string> = {}, email = SUPPLIER) {
  const session = await sessionHeaders(email);
  delete session['content-type'];
  return handler(
    new Request('http://localhost/api/test', { method: 'POST', headers: { ...session, ...headers }, body, duplex: 'half' } as RequestInit),
  );
}

function form(parts: { name: string; value: string | Buffer; fileName?: string }[]): FormData {
  const data = new FormData();
  for (const { name, value, fileName } of parts) {
    if (fileName !== undefined) data.append(name, new Blob([new Uint8Array(value as Buffer)]), fileName);
    else data.append(name, value as string);
  }
  return data;
}

/** A body that arrives in chunks with no declared length, counting how much of it was pulled. */
function endlessBody(chunk: number, chunks: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (cancelled) return;
      if (sent >= chunks) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => sent * chunk };
}

describe('JSON bodies', () => {
  it('reads a body within the limit', async () => {
    const response = await post(jsonRoute, JSON.stringify({ text: 'hello' }), { 'content-type': 'application/json' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: 5 });
  });

  it('refuses a body whose declared length is over 1 MB with 413, before reading it', async () => {
    const before = handled;
    const { stream, pulled } = endlessBody(64 * 1024, 40);
    const response = await post(jsonRoute, stream, { 'content-type': 'application/json', 'content-length': String(40 * 64 * 1024) });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('The request is too large: at most 1 MB.');
    expect(pulled()).toBeLessThanOrEqual(2 * 64 * 1024); // at most what the stream had queued
    expect(handled).toBe(before);
  });

  it('stops reading a body of no declared length as soon as it passes 1 MB', async () => {
    const { stream, pulled } = endlessBody(64 * 1024, 800); // 50 MB if read whole
    const response = await post(jsonRoute, stream, { 'content-type': 'application/json' });
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses multipart where JSON is expected with 415', async () => {
    const response = await post(jsonRoute, form([{ name: 'text', value: 'x' }]));
    expect(response.status).toBe(415);
  });
});

describe('multipart bodies', () => {
  it('takes a file by what it is, with the form’s fields', async () => {
    const response = await post(
      uploadRoute,
      form([
        { name: 'comments', value: 'march' },
        { name: 'file', value: PDF, fileName: 'C:\\docs\\invoice 12.PDF' },
      ]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      comments: 'march',
      fileName: 'invoice 12.pdf',
      kind: 'pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
  });

  it('names a file by what it is, whatever it was called', async () => {
    const response = await post(uploadRoute, form([{ name: 'file', value: PNG, fileName: 'scan.pdf' }]));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ fileName: 'scan.png', kind: 'png' });
  });

  it('refuses a file that is not of an accepted kind, whatever its name, with 422 on the field', async () => {
    const response = await post(uploadRoute, form([{ name: 'file', value: Buffer.from('code,price\nA,1\n'), fileName: 'invoice.pdf' }]));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The file must be a PDF or PNG image or JPEG image.',
      errors: { file: ['The file must be a PDF or PNG image or JPEG image.'] },
    });
  });

  it('refuses a missing required file with its message', async () => {
    const before = handled;
    const response = await post(uploadRoute, form([{ name: 'comments', value: 'no file' }]));
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ file: ['Please Attach File before you submit'] });
    expect(handled).toBe(before);
  });

  it('treats an empty file input as no file', async () => {
    const response = await post(uploadRoute, form([{ name: 'file', value: Buffer.alloc(0), fileName: '' }]));
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('Please Attach File before you submit');
  });

  it('refuses a file over its limit with 422 on the field', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]);
    const response = await post(uploadRoute, form([{ name: 'file', value: big, fileName: 'big.pdf' }]));
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ file: ['The file may be at most 1 KB.'] });
  });

  it('refuses a file field the route does not take, and fields that fail their schema', async () => {
    const stray = await post(uploadRoute, form([{ name: 'other', value: PDF, fileName: 'x.pdf' }]));
    expect(stray.status).toBe(422);
    expect((await stray.json()).errors).toEqual({ other: ['The form has no file field other.'] });
    const long = await post(
      uploadRoute,
      form([
        { name: 'comments', value: 'x'.repeat(30) },
        { name: 'file', value: PDF, fileName: 'a.pdf' },
      ]),
    );
    expect(long.status).toBe(422);
    expect((await long.json()).errors).toEqual({ comments: ['comments may be at most 20 characters.'] });
  });

  it('refuses JSON where a multipart form is expected with 415', async () => {
    const response = await post(uploadRoute, JSON.stringify({ comments: 'x' }), { 'content-type': 'application/json' });
    expect(response.status).toBe(415);
  });

  it('checks the permission before reading the body: a retail user gets 403', async () => {
    const before = handled;
    const response = await post(uploadRoute, form([{ name: 'file', value: PDF, fileName: 'a.pdf' }]), {}, 'retail.user@portal.test');
    expect(response.status).toBe(403);
    expect(handled).toBe(before);
  });
});
