/** @jest-environment jsdom */
import { saveBlob } from './download';

it('clicks a temporary link with the file name and revokes the object URL', () => {
  jest.useFakeTimers();
  const createObjectURL = jest.fn(() => 'blob:1');
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('portal_report.xlsx');
    expect(this.href).toBe('blob:1');
  });
  saveBlob(new Blob(['x']), 'portal_report.xlsx');
  expect(click).toHaveBeenCalledTimes(1);
  expect(document.querySelector('a')).toBeNull();
  jest.runAllTimers();
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:1');
  jest.useRealTimers();
});
