/** @jest-environment jsdom */
// A browser on UTC, as CI's is: South Africa's date is a day ahead of it from 22:00 to midnight UTC.
process.env.TZ = 'UTC';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DatePicker } from './date-picker';
import type { PickerFormat } from '@/lib/format/dates';
import { atClock } from '@/tests/support/clock';

function Picker({ start, format, seen }: { start: string; format?: PickerFormat; seen: (value: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <label htmlFor="d">Date</label>
      <DatePicker
        id="d"
        name="date"
        value={value}
        format={format}
        onChange={(v) => {
          setValue(v);
          seen(v);
        }}
      />
    </>
  );
}

describe('DatePicker (spec §9)', () => {
  it('shows mm/dd/yy by default and gives what is typed as yyyy-mm-dd', async () => {
    const user = userEvent.setup();
    const seen = jest.fn();
    const { container } = render(<Picker start="2026-11-05" seen={seen} />);
    const box = screen.getByLabelText('Date');
    expect(box).toHaveValue('11/05/26');
    expect(box).toHaveAttribute('placeholder', 'mm/dd/yy');
    await user.clear(box);
    await user.type(box, '01/31/26');
    expect(seen).toHaveBeenLastCalledWith('2026-01-31');
    expect(container.querySelector('input[type=hidden][name=date]')).toHaveValue('2026-01-31');
  });

  it('shows yy-mm-dd on the remittance tab', () => {
    render(<Picker start="2026-11-05" format="remittance" seen={() => {}} />);
    expect(screen.getByLabelText('Date')).toHaveValue('26-11-05');
  });

  it('marks what is no date, keeps the date in force meanwhile and shows it again on leaving the box', async () => {
    const user = userEvent.setup();
    const seen = jest.fn();
    render(<Picker start="2026-11-05" seen={seen} />);
    const box = screen.getByLabelText('Date');
    await user.clear(box);
    expect(seen).toHaveBeenLastCalledWith('');
    await user.type(box, '13/45');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(box).toHaveValue('');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('opens a calendar whose weeks start on Sunday; a picked day fills the box in its format', async () => {
    const user = userEvent.setup();
    const seen = jest.fn();
    render(<Picker start="2026-11-05" format="remittance" seen={seen} />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    // The weekday row is hidden from screen readers (each day's button names its date): read it as seen.
    const weekdays = document.querySelectorAll('.rdp-weekday');
    expect(weekdays[0]).toHaveAttribute('aria-label', 'Sunday');
    expect(weekdays[0]).toHaveTextContent('Su');
    await user.click(screen.getByRole('button', { name: '20 November 2026, Friday' }));
    expect(seen).toHaveBeenLastCalledWith('2026-11-20');
    expect(screen.getByLabelText('Date')).toHaveValue('26-11-20');
  });

  it("marks South Africa's today on the calendar, not the browser's, late in a UTC evening", async () => {
    await atClock(new Date('2026-11-26T22:30:00Z'), async () => {
      const user = userEvent.setup();
      render(<Picker start="2026-11-20" seen={jest.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Open calendar' }));
      expect(screen.getByRole('button', { name: /^27 November 2026, Friday, today/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^26 November 2026, Thursday, today/ })).toBeNull();
    });
  });
});
