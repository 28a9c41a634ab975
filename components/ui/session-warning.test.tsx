/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { setLeaveForSignIn } from '@/lib/client/session';
import { SessionWarning } from './session-warning';

describe('SessionWarning', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setLeaveForSignIn();
  });

  it('warns a minute before the session ends, then sends the user to sign in and back', () => {
    const leave = jest.fn();
    setLeaveForSignIn(leave);
    window.history.replaceState(null, '', '/?tab=remittances&page=2');
    render(<SessionWarning endsIn={10 * 60_000} />);

    act(() => jest.advanceTimersByTime(8 * 60_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Your session ends in less than a minute');
    expect(screen.getByRole('button', { name: 'Sign in again now' })).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(60_000));
    expect(leave).toHaveBeenCalledWith('/login?error=session_expired&next=%2F%3Ftab%3Dremittances%26page%3D2');
  });
});
