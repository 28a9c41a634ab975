/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentsDialog } from './comments-dialog';

function renderDialog(onSubmit = jest.fn()) {
  render(
    <CommentsDialog
      open
      title="Reject change"
      label="Comments"
      requiredMessage="Please enter comments"
      confirmLabel="Reject"
      onSubmit={onSubmit}
      onClose={jest.fn()}
    />,
  );
  return onSubmit;
}

describe('CommentsDialog', () => {
  it('refuses empty or blank comments with the message and makes no call', async () => {
    const onSubmit = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter comments');
    await userEvent.type(screen.getByLabelText('Comments'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the trimmed comments', async () => {
    const onSubmit = renderDialog();
    await userEvent.type(screen.getByLabelText('Comments'), '  Price not agreed ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onSubmit).toHaveBeenCalledWith('Price not agreed');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
