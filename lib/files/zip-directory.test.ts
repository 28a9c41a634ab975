import { zipParts } from './zip-directory';
import { zipOf } from '../../tests/integration/catalogue/hostile-files';

describe('zipParts', () => {
  it('lists each part with the sizes the central directory states, without inflating it', () => {
    const zip = zipOf([
      { name: 'a.xml', content: Buffer.alloc(1000, 'a') },
      { name: 'xl/sharedStrings.xml', content: Buffer.alloc(10, 'b'), declared: 5_000_000 },
    ]);
    expect(zipParts(zip)).toEqual([
      { name: 'a.xml', compressedSize: expect.any(Number), uncompressedSize: 1000 },
      { name: 'xl/sharedStrings.xml', compressedSize: expect.any(Number), uncompressedSize: 5_000_000 },
    ]);
  });

  it('finds no parts in what is not a whole zip', () => {
    const zip = zipOf([{ name: 'a.xml', content: Buffer.from('<a/>') }]);
    expect(zipParts(Buffer.from('vendorCode,catalogueCode\n'))).toBeNull();
    expect(zipParts(zip.subarray(0, zip.length - 30))).toBeNull();
    const pointingPast = Buffer.from(zip);
    pointingPast.writeUInt32LE(zip.length, zip.length - 6); // the directory's offset past its end
    expect(zipParts(pointingPast)).toBeNull();
  });
});
