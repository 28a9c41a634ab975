// Reads an uncompressed pdfkit PDF well enough for tests: pages in order and the text runs on each.
// pdfkit writes standard-font text as hex glyph codes inside TJ arrays, e.g. [<50> 20 <4f3030> 0] TJ.

type PdfObject = { dict: string; stream: string | null };

function parseObjects(pdf: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (const match of pdf.matchAll(re)) {
    const body = match[2];
    const streamAt = body.indexOf('stream\n');
    objects.set(Number(match[1]), {
      dict: streamAt === -1 ? body : body.slice(0, streamAt),
      stream: streamAt === -1 ? null : body.slice(streamAt + 7, body.lastIndexOf('\nendstream')),
    });
  }
  return objects;
}

const WIN_ANSI_BACK: Record<number, string> = { 0x85: '…', 0x96: '–', 0x97: '—', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”' };

/** Text runs (one per TJ operator) of a content stream. */
export function textRuns(content: string): string[] {
  const runs: string[] = [];
  for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    let text = '';
    for (let i = 0; i + 1 < hex.length; i += 2) {
      const code = parseInt(hex.slice(i, i + 2), 16);
      text += WIN_ANSI_BACK[code] ?? String.fromCharCode(code);
    }
    runs.push(text);
  }
  return runs;
}

/** Pages in document order, each with its text runs. Requires compress: false. */
export function extractPages(buffer: Buffer): { runs: string[]; text: string }[] {
  const pdf = buffer.toString('latin1');
  const objects = parseObjects(pdf);
  const root = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict));
  if (!root) throw new Error('no page tree');
  const kids = /\/Kids \[([^\]]*)\]/.exec(root.dict)?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].map((kid) => {
    const page = objects.get(Number(kid[1]));
    const contentsRef = page && /\/Contents (\d+) 0 R/.exec(page.dict);
    const content = contentsRef ? (objects.get(Number(contentsRef[1]))?.stream ?? '') : '';
    const runs = textRuns(content);
    return { runs, text: runs.join('\n') };
  });
}
