import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { writeXlsx, XLSX_HELD_LIMIT, xlsxBuffer, xlsxSheet, type XlsxColumn } from './xlsx';

type Row = { n: number; name: string; at: string };

const row = (n: number): Row => ({ n, name: `Vendor ${n} with a name that does not repeat ${n * 7919}`, at: '2026-06-15' });

const COLUMNS: XlsxColumn<Row>[] = [
  { header: 'Number', width: 10, numFmt: '#,##0.00', value: (r) => r.n },
  { header: 'Name', width: 40, value: (r) => r.name },
  { header: 'Date', numFmt: 'dd-mm-yyyy', value: (r) => new Date(`${r.at}T00:00:00Z`) },
];

const BATCHES = 60;
const BATCH = 500;

/** Batches of rows that count how many the writer asked for. */
function counted(rowOf: (n: number) => Row = row) {
  const pulls = { count: 0 };
  async function* batches() {
    for (let b = 0; b < BATCHES; b += 1) {
      pulls.count += 1;
      yield Array.from({ length: BATCH }, (_, i) => rowOf(b * BATCH + i));
    }
  }
  return { pulls, batches: batches() };
}

/** A reader that takes nothing until released: its small buffer fills and stays full. */
function heldReader() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const received = { bytes: 0 };
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      received.bytes += chunk.length;
      void held.then(() => callback());
    },
  });
  return { out, release, received };
}

/** Waits until the writer stops asking for batches (or has asked for all of them), however slow the machine. */
async function untilStill(pulls: { count: number }) {
  for (let last = -1, still = 0; still < 5 && pulls.count < BATCHES;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    still = pulls.count === last ? still + 1 : 0;
    last = pulls.count;
  }
}

describe('writeXlsx', () => {
  it('asks for the next batch only while the reader keeps up (backpressure reaches the cursor)', async () => {
    const { pulls, batches } = counted();
    const { out, release, received } = heldReader();
    const writing = writeXlsx([xlsxSheet('Rows', COLUMNS, batches)], out);
    await untilStill(pulls);
    // Without the wait all 60 are pulled at once; with it a few, whose rows the zip holds until the reader drains.
    expect(pulls.count).toBeLessThan(15);
    release();
    expect(await writing).toBe(BATCHES * BATCH);
    expect(pulls.count).toBe(BATCHES);
    expect(received.bytes).toBeGreaterThan(0);
  }, 60_000);

  it('holds at most about XLSX_HELD_LIMIT of rows for a reader that takes nothing, however well they compress', async () => {
    // Rows that compress to almost nothing, ready at once: `out` fills late, and a writer that watched only
    // `out` pulled batch after batch into exceljs's buffers (which heed no backpressure) while nobody read.
    const { pulls, batches } = counted(() => ({ n: 1, name: 'The same vendor on every row', at: '2026-06-15' }));
    const { out, release } = heldReader();
    const writing = writeXlsx([xlsxSheet('Rows', COLUMNS, batches)], out);
    await untilStill(pulls);
    // A batch is about 50 kB of sheet XML: the limit's worth of them, the one that passes it, and a margin.
    expect(pulls.count).toBeLessThanOrEqual(Math.ceil(XLSX_HELD_LIMIT / (50 * 1024)) + 3);
    release();
    expect(await writing).toBe(BATCHES * BATCH);
  }, 60_000);

  it('stops without error, asking for no more rows, when the destination is destroyed (a cancelled download)', async () => {
    const { pulls, batches } = counted();
    const { out } = heldReader();
    const writing = writeXlsx([xlsxSheet('Rows', COLUMNS, batches)], out);
    await untilStill(pulls);
    const pulledBefore = pulls.count;
    out.destroy();
    const written = await writing;
    expect(written).toBeLessThan(BATCHES * BATCH);
    expect(written).toBeLessThanOrEqual(pulledBefore * BATCH);
    expect(pulls.count).toBeLessThanOrEqual(pulledBefore + 1);
  }, 60_000);
});

describe('xlsxBuffer', () => {
  it('writes several sheets of different rows, bold headers, number formats and a frozen header', async () => {
    const content = await xlsxBuffer([
      xlsxSheet('Rows', COLUMNS, [[row(1), row(2)], [row(3)]], { frozenHeader: true }),
      xlsxSheet(
        'Words',
        [{ header: 'Word', value: (w: string) => w }],
        (async function* () {
          yield ['alpha', 'beta'];
        })(),
      ),
      xlsxSheet('Empty', [{ header: 'Nothing', value: () => null }], []),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Rows', 'Words', 'Empty']);

    const [rows, words, empty] = workbook.worksheets;
    expect((rows.getRow(1).values as unknown[]).slice(1)).toEqual(['Number', 'Name', 'Date']);
    expect(rows.getRow(1).font?.bold).toBe(true);
    expect(rows.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows.rowCount).toBe(4);
    expect(rows.getRow(4).getCell(1).value).toBe(3);
    expect(rows.getRow(2).getCell(1).numFmt).toBe('#,##0.00');
    expect(rows.getRow(2).getCell(3).value).toEqual(new Date('2026-06-15T00:00:00Z'));
    expect(rows.getRow(2).getCell(3).numFmt).toBe('dd-mm-yyyy');
    expect(rows.getColumn(2).width).toBe(40);

    expect((words.views ?? []).some((view) => view.state === 'frozen')).toBe(false);
    expect(words.getColumn(1).width).toBe(16);
    expect(
      words
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[])[1]),
    ).toEqual(['Word', 'alpha', 'beta']);
    expect(empty.rowCount).toBe(1);
  });

  it('fails with the error of a batch that cannot be read', async () => {
    const failing = (async function* () {
      yield [row(1)];
      throw new Error('the cursor broke');
    })();
    await expect(xlsxBuffer([xlsxSheet('Rows', COLUMNS, failing)])).rejects.toThrow('the cursor broke');
  });
});
