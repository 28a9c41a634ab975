/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, useConfirm } from './confirm-dialog';

describe('ConfirmDialog', () => {
  const setup = (extra: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Are you sure?"
        text="Would you like to mark all these documents as read?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...extra}
      />,
    );
    return { onConfirm, onCancel, user: userEvent.setup() };
  };

  it('shows title, text and the spec buttons as an alert dialog', () => {
    setup();
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription('Would you like to mark all these documents as read?');
    expect(screen.getByRole('button', { name: 'Yes, do it!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('calls only onConfirm when confirmed', async () => {
    const { onConfirm, onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Yes, do it!' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls onCancel for the cancel button and Escape', async () => {
    const { onConfirm, onCancel, user } = setup({ cancelLabel: 'No' });
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('can be a one-button alert', () => {
    setup({ title: 'Oops...', cancelLabel: null, confirmLabel: 'OK' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});

describe('useConfirm', () => {
  function Harness({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <button type="button" onClick={async () => onAnswer(await confirm({ title: 'Proceed?' }))}>
          ask
        </button>
        {dialog}
      </>
    );
  }

  it('resolves true on confirm and false on cancel, closing the dialog', async () => {
    const user = userEvent.setup();
    const onAnswer = jest.fn();
    render(<Harness onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.click(screen.getByRole('button', { name: 'Yes, do it!' }));
    expect(onAnswer).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
  });
});
