/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { FlashMessage } from './flash-message';
import { SnackbarProvider } from './snackbar';
import { FLASH_COOKIE, readFlash } from '@/lib/http/flash-cookie';

describe('the global flash message (spec §2 Other)', () => {
  it('reaches the snackbar once: its cookie is deleted when shown', () => {
    document.cookie = `${FLASH_COOKIE}=${encodeURIComponent('Declaration accepted')}; Path=/`;
    const message = readFlash(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${FLASH_COOKIE}=`))
        ?.split('=')[1],
    );
    render(
      <SnackbarProvider>
        <FlashMessage message={message} />
      </SnackbarProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Declaration accepted');
    expect(document.cookie).not.toContain(`${FLASH_COOKIE}=`);
  });

  it('shows nothing without one', () => {
    render(
      <SnackbarProvider>
        <FlashMessage message={readFlash(undefined)} />
      </SnackbarProvider>,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
