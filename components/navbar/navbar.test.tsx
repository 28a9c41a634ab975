/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar, type NavbarUser } from './navbar';
import { SnackbarProvider } from '../ui/snackbar';
import { fakeResponse } from '@/lib/client/test-support/fake-response';

jest.mock('next/navigation', () => ({ usePathname: () => '/items' }));

const user: NavbarUser = { id: 7, name: 'Ann Vendor', email: 'ann@example.com', role: { id: 5, code: 'v_admin' } };

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(async () => fakeResponse(200, { id: 7, name: 'Ann V.' }));
  global.fetch = fetchMock;
});

function renderNavbar(props: Partial<Parameters<typeof Navbar>[0]> = {}) {
  render(
    <SnackbarProvider>
      <Navbar user={user} {...props} />
    </SnackbarProvider>,
  );
  return userEvent.setup();
}

async function openDialog(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'Ann Vendor' }));
  return screen.getByRole('dialog', { name: 'Update username' });
}

describe('Navbar', () => {
  it('shows the role links and marks the current one', () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('InboxItemsPricingUsersVendorsChangesE-mail preferences');
    expect(screen.getByRole('link', { name: 'Items' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Inbox' })).not.toHaveAttribute('aria-current');
  });

  it('uses override links when given', () => {
    renderNavbar({ links: [{ href: '/x', label: 'Only' }] });
    expect(screen.getByRole('link', { name: 'Only' })).toHaveAttribute('href', '/x');
    expect(screen.queryByRole('link', { name: 'Inbox' })).not.toBeInTheDocument();
  });

  it('signs out with a plain POST form to /logout carrying the anti-forgery token', () => {
    renderNavbar({ xsrfToken: 'tok123' });
    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/logout');
    expect(form).toHaveFormValues({ _token: 'tok123' });
  });

  it('fills the sign-out token from the XSRF-TOKEN cookie when none was passed', () => {
    document.cookie = 'XSRF-TOKEN=fromCookie; path=/';
    renderNavbar();
    const form = screen.getByRole('button', { name: 'Sign out' }).closest('form')!;
    // jsdom does not navigate; the submit event is all this needs.
    form.addEventListener('submit', (e) => e.preventDefault());
    fireEvent.submit(form);
    expect(form).toHaveFormValues({ _token: 'fromCookie' });
  });

  it('rejects an empty username with the spec message and makes no call', async () => {
    const u = renderNavbar();
    await openDialog(u);
    const input = screen.getByLabelText('Username');
    await u.clear(input);
    await u.type(input, '   ');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You need to write something!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a valid name with PUT /users/{id}, updates the name and shows the snackbar', async () => {
    const u = renderNavbar();
    await openDialog(u);
    const input = screen.getByLabelText('Username');
    await u.clear(input);
    await u.type(input, '  Ann V.  {Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/users/7');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ id: 7, name: 'Ann V.' });
    expect(screen.getByRole('button', { name: 'Ann V.' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Username updated');
  });

  it('keeps the dialog open and shows the server message when saving fails', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(422, { message: 'Invalid', errors: { name: ['Name is too long'] } }));
    const u = renderNavbar();
    await openDialog(u);
    await u.type(screen.getByLabelText('Username'), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is too long');
    expect(screen.getByRole('dialog', { name: 'Update username' })).toBeInTheDocument();
    // The page behind the open modal is aria-hidden, hence hidden: true.
    expect(screen.getByRole('button', { name: 'Ann Vendor', hidden: true })).toBeInTheDocument();
  });

  it('folds the links and account behind a Menu button that says whether it is open', async () => {
    const u = renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    await u.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
  });
});
