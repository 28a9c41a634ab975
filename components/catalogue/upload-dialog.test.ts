import { ApiRequestError } from '@/lib/client/api';
import { uploadFailureText } from './upload-dialog';

describe('what a failed upload shows (spec §8)', () => {
  it('shows the first file error of a refused file, the busy message of a conflict, else the generic text', () => {
    expect(uploadFailureText(new ApiRequestError(422, 'x', { file: ['Please Attach File before you submit'] }))).toBe(
      'Please Attach File before you submit',
    );
    expect(uploadFailureText(new ApiRequestError(413, 'x', { file: ['The file may be at most 10 MB.'] }))).toBe(
      'The file may be at most 10 MB.',
    );
    expect(
      uploadFailureText(new ApiRequestError(409, 'Please try again after few minutes, there is a background process in progress')),
    ).toBe('Please try again after few minutes, there is a background process in progress');
    expect(uploadFailureText(new ApiRequestError(500, 'boom'))).toBe('error occured please contact support');
    expect(uploadFailureText(new Error('offline'))).toBe('error occured please contact support');
  });
});
