/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { SNACKBAR_DURATION_MS, SnackbarProvider, useSnackbar, type SnackbarKind } from './snackbar';

function Trigger({ text, kind }: { text: string; kind?: SnackbarKind }) {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show(text, kind)}>
      show
    </button>
  );
}

describe('Snackbar (spec §2, 5000 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the initial message on mount and hides it after 5000 ms, not before', () => {
    render(<SnackbarProvider initialMessage="Welcome back" />);
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SNACKBAR_DURATION_MS - 1));
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });

  it('shows a message from useSnackbar with its kind and hides it after 5000 ms', () => {
    render(
      <SnackbarProvider>
        <Trigger text="Username updated" kind="success" />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Username updated').parentElement).toHaveClass('snackbar--success');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Username updated')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Username updated')).not.toBeInTheDocument();
  });

  it('restarts the 5000 ms when a new message arrives', () => {
    render(
      <SnackbarProvider>
        <Trigger text="Saved" />
      </SnackbarProvider>,
    );
    const button = screen.getByRole('button', { name: 'show' });
    act(() => button.click());
    act(() => jest.advanceTimersByTime(3000));
    act(() => button.click());
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows a new initial message when the flash message prop changes', () => {
    const { rerender } = render(<SnackbarProvider initialMessage="First" />);
    rerender(<SnackbarProvider initialMessage="Second" initialKind="error" />);
    expect(screen.getByText('Second').parentElement).toHaveClass('snackbar--error');
    act(() => jest.advanceTimersByTime(SNACKBAR_DURATION_MS));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('sits in a polite live region and can be dismissed', () => {
    render(<SnackbarProvider initialMessage="Hi" />);
    expect(screen.getByRole('status')).toHaveTextContent('Hi');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Hi')).not.toBeInTheDocument();
  });

  it('explains a missing provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger text="x" />)).toThrow(/SnackbarProvider/);
    spy.mockRestore();
  });
});
