import { request } from 'node:http';
import { Readable } from 'node:stream';

export type LineResult = { line: number; docno: string | null; status: string; error?: string };

/**
 * POSTs `lines` as one NDJSON body, streamed, and reads the NDJSON answer as it comes (a retailer's system
 * streaming a file): `onResult` hears each result the moment its line arrives. Resolves when the answer ends, or
 * when the connection breaks (`broken`: the server died), with every complete result line read before.
 */
export function postNdjson(
  url: string,
  key: string,
  lines: Iterable<string>,
  onResult: (result: LineResult) => void = () => {},
): Promise<{ status: number | null; results: LineResult[]; broken: boolean }> {
  return new Promise((resolve) => {
    const results: LineResult[] = [];
    let status: number | null = null;
    let settled = false;
    const finish = (broken: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ status, results: [...results], broken });
    };
    const req = request(url, {
      method: 'POST',
      agent: false, // a connection of its own, closed when done
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    });
    req.on('error', () => finish(true));
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          const text = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (!text.trim()) continue;
          const result = JSON.parse(text) as LineResult;
          results.push(result);
          onResult(result);
        }
      });
      // A half line left over is an answer cut off by the server's death: not reported, so not counted.
      res.on('aborted', () => finish(true));
      res.on('error', () => finish(true));
      res.on('end', () => finish(res.readableAborted || !res.complete));
    });
    const body = Readable.from(
      (function* () {
        for (const line of lines) yield `${line}\n`;
      })(),
    );
    body.on('error', () => finish(true));
    body.pipe(req);
  });
}
