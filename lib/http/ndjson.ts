/**
 * NDJSON bodies read as a stream: one line at a time is held in memory, never the whole body, and a line
 * longer than its limit is skipped to its end (reported, not buffered). Lines are numbered from 1, blank
 * lines included, so a sender can find the line an answer names.
 */
export type NdjsonLine = { line: number; text: string } | { line: number; tooLong: true };

export async function* ndjsonLines(body: ReadableStream<Uint8Array> | null, maxLineBytes: number): AsyncGenerator<NdjsonLine> {
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let skipping = false;
  let line = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        line += 1;
        if (skipping) {
          skipping = false;
          yield { line, tooLong: true };
        } else if (Buffer.byteLength(text) > maxLineBytes) yield { line, tooLong: true };
        else yield { line, text: text.replace(/\r$/, '') };
      }
      if (Buffer.byteLength(pending) > maxLineBytes) {
        // Over the limit without an end in sight: drop what is held and skip to the next newline.
        skipping = true;
        pending = '';
      }
      if (done) break;
    }
    if (skipping) yield { line: line + 1, tooLong: true };
    else if (pending.trim()) yield { line: line + 1, text: pending };
  } finally {
    reader.releaseLock();
  }
}

/** A stream of NDJSON answers pulled one at a time from `items`: the next input line is read only as the client takes answers. */
export function ndjsonResponse(items: AsyncIterator<unknown>, init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await items.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await items.return?.(undefined);
    },
  });
  return new Response(stream, { ...init, headers: { 'content-type': 'application/x-ndjson', ...init.headers } });
}
