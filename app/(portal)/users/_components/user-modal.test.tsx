/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse } from '@/lib/client/test-support/fake-response';
import { UserModal } from './user-modal';

/** The retailer user's subsidiaries: a look-up adds one (fetch double answering like GET /subsidiary); none is loaded to name them. */

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
      writable="all"
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

it('names an edited user’s subsidiaries from its own grants, and offers write only where the admin may give it', async () => {
  const grant = (customer_id: number, name: string) => ({ customer_id, code: `SUB0${customer_id}`, name, read: true, write: false });
  render(
    <UserModal
      user={{
        id: 9,
        name: 'Lerato Mokoena',
        email: 'lerato@protea.test',
        role_id: 7,
        role: { id: 7, code: 'c_user', name: 'Customer User' },
        deleted_at: null,
        last_login: null,
        parent_user_id: null,
        customers: [grant(1, 'Protea Supermarkets'), grant(2, 'Baobab Value Stores')],
        vendors_count: 0,
        pending_email: null,
      }}
      roles={[{ id: 7, code: 'c_user', name: 'Retail user' }]}
      writable={[2]}
      onClose={() => {}}
      onSaved={() => {}}
      onOops={() => {}}
    />,
  );
  const group = within(await screen.findByRole('dialog')).getByRole('group', { name: 'Subsidiaries' });
  expect(within(group).getByText('Protea Supermarkets')).toBeInTheDocument();
  expect(within(group).getByText('Baobab Value Stores')).toBeInTheDocument();
  const writes = within(group).getAllByRole('checkbox', { name: 'write' });
  expect(writes[0]).toBeDisabled();
  expect(writes[1]).toBeEnabled();
  expect(global.fetch).not.toHaveBeenCalled();
});
