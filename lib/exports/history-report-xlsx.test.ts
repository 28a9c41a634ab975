import { Writable } from 'node:stream';
import { writeHistoryReport, type HistoryReportRow } from './history-report-xlsx';

const row = (n: number): HistoryReportRow => ({
  docno: `PO${String(n).padStart(8, '0')}`,
  orderno: null,
  xdocTypeCode: 'order',
  xdocSubTypeCode: 'normal',
  wfStatusCode: 'received',
  docDate: '2026-06-15',
  deliveryDate: null,
  storeName: 'Store with a long name to make the sheet grow faster',
  subsidiaryName: 'Protea Supermarkets',
  vendorCode: 'V0001',
  vendorName: `Vendor ${n} with a name that does not repeat ${n * 7919}`,
  regionName: 'Gauteng',
  divisionName: 'Food',
  xdocTotalExcl: '100.00',
  xdocTotalIncl: '115.00',
});

const BATCHES = 60;

describe('writeHistoryReport', () => {
  it('asks for the next batch only while the reader keeps up (backpressure reaches the cursor)', async () => {
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < BATCHES; b += 1) {
        pulled += 1;
        yield Array.from({ length: 500 }, (_, i) => row(b * 500 + i));
      }
    }
    // A reader that takes nothing until released: its small buffer fills and stays full.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let received = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        held.then(() => callback());
      },
    });
    const writing = writeHistoryReport(batches(), out);
    // Wait until the writer stops asking for batches (or has asked for all of them), however slow the machine.
    for (let last = -1, still = 0; still < 5 && pulled < BATCHES;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      still = pulled === last ? still + 1 : 0;
      last = pulled;
    }
    const pulledWhileHeld = pulled;
    // Without the wait all 60 are pulled at once; with it a few, whose rows the zip holds until the reader drains.
    expect(pulledWhileHeld).toBeLessThan(15);
    release!();
    expect(await writing).toBe(BATCHES * 500);
    expect(pulled).toBe(BATCHES);
    expect(received).toBeGreaterThan(0);
  }, 60_000);
});
