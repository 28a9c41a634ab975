/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import type { UploadStatus } from '@/lib/domain/catalogue/upload-status';
import { UploadResult } from './upload-result';

const read = (over: Partial<UploadStatus>): UploadStatus => ({
  processId: 'p',
  kind: 'pricing',
  status: 'failed',
  fileName: 'p.csv',
  rows: 2,
  valid: 0,
  invalid: 2,
  error: null,
  refused: [],
  moreRefused: 0,
  errorFile: null,
  ...over,
});

describe('UploadResult', () => {
  it('says how many rows were accepted and refused, lists the refusals and links the error file', () => {
    render(
      <UploadResult
        result={read({
          refused: [
            { row: 2, column: 'costPrice', error: 'costPrice must be zero or more.' },
            { row: 3, column: 'catalogueCode', error: '999999 is not an item of this vendor.' },
          ],
          errorFile: '/api/uploads/p/errors',
        })}
      />,
    );
    const result = screen.getByRole('region', { name: 'Upload result' });
    expect(result).toHaveTextContent('0 rows accepted');
    expect(result).toHaveTextContent('2 rows refused');
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2costPricecostPrice must be zero or more.',
      '3catalogueCode999999 is not an item of this vendor.',
    ]);
    expect(within(result).getByRole('link', { name: 'Download the error file' })).toHaveAttribute('href', '/api/uploads/p/errors');
  });

  it('says a refused file was refused, with why, and one accepted row as waiting for approval', () => {
    const { rerender } = render(<UploadResult result={read({ error: 'The file has more than 200,000 rows.' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The file was refused: The file has more than 200,000 rows.');
    rerender(<UploadResult result={read({ status: 'pending', rows: 1, valid: 1, invalid: 0 })} />);
    expect(screen.getByRole('region', { name: 'Upload result' })).toHaveTextContent(
      '1 row accepted, waiting for approval under Master data',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
