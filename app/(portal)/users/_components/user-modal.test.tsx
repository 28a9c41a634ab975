/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse } from '@/lib/client/test-support/fake-response';
import { UserModal } from './user-modal';

/** The retailer user's subsidiaries: a look-up adds one (fetch double answering like GET /subsidiary), not a list of them all. */

const CUSTOMERS = [
  { customer_id: 1, code: 'SUB01', name: 'Protea Supermarkets', writable: true },
  { customer_id: 2, code: 'SUB02', name: 'Baobab Value Stores', writable: true },
];

beforeEach(() => {
  global.fetch = jest.fn(async () =>
    fakeResponse(200, { subsidiaries: [{ id: 2, code: 'SUB02', name: 'Baobab Value Stores', tinyMce: 'b' }], selected_subsidiary: null }),
  ) as typeof fetch;
});

it('shows only the subsidiaries given, and adds one picked in the look-up with read access', async () => {
  const user = userEvent.setup();
  render(
    <UserModal
      user={null}
      roles={[{ id: 7, code: 'c_user', name: 'Retail user' }]}
      customers={CUSTOMERS}
      onClose={() => {}}
      onSaved={() => {}}
      onOops={() => {}}
    />,
  );
  const dialog = await screen.findByRole('dialog');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), '7');
  const group = within(dialog).getByRole('group', { name: 'Subsidiaries' });
  expect(within(group).queryByText(/Protea Supermarkets/)).not.toBeInTheDocument();
  expect(within(group).queryByText(/Baobab Value Stores/)).not.toBeInTheDocument();

  await user.type(within(group).getByRole('combobox', { name: 'Add a subsidiary' }), 'Baobab');
  await user.click(await screen.findByRole('option', { name: 'SUB02 Baobab Value Stores' }));
  expect(within(group).getByText(/Baobab Value Stores/)).toBeInTheDocument();
  expect(within(group).getByRole('checkbox', { name: 'read' })).toBeChecked();
  expect(within(group).getByRole('checkbox', { name: 'write' })).not.toBeChecked();
  expect(within(group).queryByText(/Protea Supermarkets/)).not.toBeInTheDocument();
});
