/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Option } from '@/components/lists/filter-panel';
import { fakeResponse } from '@/lib/client/test-support/fake-response';
import { LookupCombobox } from './lookup-combobox';

/** The look-up box against a fetch double that answers like GET /stores; the e2e test asks the real route. */

const STORES = [
  { id: 1, code: 'S001', name: 'Baobab Durban North' },
  { id: 2, code: 'S002', name: 'Baobab Umhlanga' },
  { id: 1001, code: 'ST1001', name: 'Lookup Town 1001' },
];

type Pending = { url: URL; answer: (rows: unknown) => void };
let pending: Pending[];

beforeEach(() => {
  pending = [];
  global.fetch = jest.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        pending.push({ url: new URL(String(input), 'http://portal.test'), answer: (rows) => resolve(fakeResponse(200, rows)) });
      }),
  ) as typeof fetch;
});

/** Waits for the request for this text (a click into the box first asks for the first rows). */
const askedFor = (text: string) => waitFor(() => expect(pending.map((p) => p.url.searchParams.get('searchCode'))).toContain(text));

/** Answers every request waiting with the stores matching its searchCode, as the route does. */
async function answerAll() {
  await act(async () => {
    for (const { url, answer } of pending.splice(0)) {
      const text = (url.searchParams.get('searchCode') ?? '').toLowerCase();
      answer(STORES.filter((s) => `${s.code} ${s.name}`.toLowerCase().includes(text)));
    }
  });
}

function StoreBox({ onChange }: { onChange: (option: Option | null) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="store">Store</label>
      <LookupCombobox
        kind="store"
        id="store"
        value={value}
        onChange={(option) => {
          setValue(option?.value ?? '');
          onChange(option);
        }}
      />
    </>
  );
}

it('asks the server once the typing pauses, 20 rows by code or name, and picks with the arrows and Enter', async () => {
  const user = userEvent.setup();
  const chosen = jest.fn();
  render(<StoreBox onChange={chosen} />);
  const box = screen.getByRole('combobox', { name: 'Store' });

  await user.type(box, '1001');
  await askedFor('1001');
  // The click into the box asked for the first 20; the word typed is one request, not one per key.
  expect(pending.map((p) => Object.fromEntries(p.url.searchParams))).toEqual([{ limit: '20' }, { limit: '20', searchCode: '1001' }]);
  expect(pending[1].url.pathname).toBe('/stores');
  await answerAll();

  expect(await screen.findByRole('option', { name: 'ST1001 Lookup Town 1001' })).toBeInTheDocument();
  await user.keyboard('{ArrowDown}{Enter}');
  expect(chosen).toHaveBeenLastCalledWith({ value: '1001', label: 'ST1001 Lookup Town 1001' });
  expect(box).toHaveValue('ST1001 Lookup Town 1001');
  expect(screen.queryByRole('option')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(chosen).toHaveBeenLastCalledWith(null);
  expect(box).toHaveValue('');
});

it('drops an earlier answer that arrives after a later one', async () => {
  const user = userEvent.setup();
  render(<StoreBox onChange={() => {}} />);
  const box = screen.getByRole('combobox', { name: 'Store' });

  await user.type(box, 'Baobab');
  await askedFor('Baobab');
  const early = pending.pop()!;
  await user.clear(box);
  await user.type(box, 'Lookup');
  await askedFor('Lookup');
  await answerAll();
  expect(await screen.findByRole('option', { name: 'ST1001 Lookup Town 1001' })).toBeInTheDocument();

  // The answer for "Baobab" comes last: the suggestions stay those for "Lookup".
  await act(async () => early.answer(STORES.slice(0, 2)));
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['ST1001 Lookup Town 1001']);
});

it('closes with Escape and says when nothing matches', async () => {
  const user = userEvent.setup();
  render(<StoreBox onChange={() => {}} />);
  const box = screen.getByRole('combobox', { name: 'Store' });
  await user.type(box, 'nowhere');
  await askedFor('nowhere');
  await answerAll();
  expect(await screen.findByRole('status')).toHaveTextContent('No matches');
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
