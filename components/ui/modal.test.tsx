/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';

describe('Modal', () => {
  it('renders title, body and footer in a labelled dialog when open', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Order 123" footer={<button type="button">Save</button>}>
        <p>Body text</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Order 123' })).toBeInTheDocument();
    expect(screen.getByText('Body text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    render(<Modal open={false} onOpenChange={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks to close from the close button and Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Edit" />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledTimes(2);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers no way out of a required window: no close button, Escape does nothing', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(
      <Modal open required onOpenChange={onOpenChange} title="Declaration" footer={<button type="button">I accept</button>}>
        <p>Read this.</p>
      </Modal>,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Declaration' })).toContainElement(document.activeElement as HTMLElement);
  });

  it('returns focus where it is told when it closes, also when its owner unmounts it', async () => {
    const target = document.createElement('a');
    target.href = '#row';
    document.body.append(target);
    const { unmount } = render(<Modal open onOpenChange={() => {}} title="Order 7" returnFocus={() => target} />);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(target);
    target.remove();
  });

  it('gives focus back to what opened it, or to the main region when that has left the page', async () => {
    const main = document.createElement('main');
    main.tabIndex = -1;
    const opener = document.createElement('button');
    main.append(opener);
    document.body.append(main);
    for (const leaves of [false, true]) {
      opener.focus();
      const { rerender } = render(<Modal open onOpenChange={() => {}} title="Change 22" />);
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
      if (leaves) opener.remove();
      rerender(<Modal open={false} onOpenChange={() => {}} title="Change 22" />);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(document.activeElement).toBe(leaves ? main : opener);
      main.append(opener);
    }
    main.remove();
  });
});
