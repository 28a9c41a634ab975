/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Option } from '@/components/lists/filter-panel';
import { fakeResponse } from '@/lib/client/test-support/fake-response';
import { LookupChips } from './lookup-chips';

/** Several subsidiaries chosen through the look-up, against a fetch double answering like GET /subsidiary. */

const SUBSIDIARIES = [
  { id: 1, code: 'SUB1', name: 'Acme Retail', tinyMce: 'a' },
  { id: 2, code: 'SUB2', name: 'Acme Wholesale', tinyMce: 'b' },
];

beforeEach(() => {
  global.fetch = jest.fn(async () => fakeResponse(200, { subsidiaries: SUBSIDIARIES, selected_subsidiary: null })) as typeof fetch;
});

function Chosen({ onChange }: { onChange: (chosen: Option[]) => void }) {
  const [chosen, setChosen] = useState<Option[]>([]);
  return (
    <>
      <label htmlFor="subs">Subsidiaries</label>
      <LookupChips
        kind="subsidiary"
        id="subs"
        listLabel="Chosen subsidiaries"
        chosen={chosen}
        onChange={(next) => {
          setChosen(next);
          onChange(next);
        }}
      />
    </>
  );
}

it('adds each pick as a chip, empties the box for the next, and removes a chip with its button', async () => {
  const user = userEvent.setup();
  const changed = jest.fn();
  render(<Chosen onChange={changed} />);
  const box = screen.getByRole('combobox', { name: 'Subsidiaries' });

  await user.click(box);
  // Opened empty: the first load asks for 100 subsidiaries (spec §9).
  await waitFor(() => expect(String((global.fetch as jest.Mock).mock.calls[0][0])).toBe('/subsidiary?limit=100'));
  await user.click(await screen.findByRole('option', { name: 'SUB2 Acme Wholesale' }));
  expect(box).toHaveValue('');
  await user.type(box, 'Acme');
  const retail = await screen.findByRole('option', { name: 'SUB1 Acme Retail' });
  // The chosen one is not offered again.
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['SUB1 Acme Retail']);
  await user.click(retail);
  expect(changed).toHaveBeenLastCalledWith([
    { value: '2', label: 'SUB2 Acme Wholesale' },
    { value: '1', label: 'SUB1 Acme Retail' },
  ]);
  expect(screen.getByRole('list', { name: 'Chosen subsidiaries' })).toHaveTextContent('SUB2 Acme Wholesale');

  await user.click(screen.getByRole('button', { name: 'Remove SUB2 Acme Wholesale' }));
  expect(changed).toHaveBeenLastCalledWith([{ value: '1', label: 'SUB1 Acme Retail' }]);
});
