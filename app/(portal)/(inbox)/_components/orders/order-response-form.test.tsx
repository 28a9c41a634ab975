/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { XdocLine } from '@/lib/domain/documents/queries';
import { OrderResponseForm } from './order-response-form';
import { EMPTY_FORM, validateResponseForm, type FormErrors, type ResponseForm } from './response-form';

const line = (lineNumber: number) =>
  ({ lineNumber, catalogueCode: `C${lineNumber}`, descr: `Item ${lineNumber}`, orderDescr: null }) as XdocLine;

function Harness({ lines, perLineAllowed = true }: { lines: XdocLine[]; perLineAllowed?: boolean }) {
  const [form, setForm] = useState<ResponseForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  return (
    <>
      <OrderResponseForm
        form={form}
        errors={errors}
        onChange={setForm}
        lines={lines}
        perLineAllowed={perLineAllowed}
        reasons={['delivery date', 'other']}
      />
      <button
        type="button"
        onClick={() =>
          setErrors(
            validateResponseForm(
              form,
              lines.map((l) => l.lineNumber),
            ),
          )
        }
      >
        Check
      </button>
    </>
  );
}

describe('OrderResponseForm', () => {
  it('does not offer a line-level response for a one-line order', () => {
    render(<Harness lines={[line(1)]} perLineAllowed={false} />);
    expect(screen.getByLabelText('Confirm order')).toBeInTheDocument();
    expect(screen.getByLabelText('Reject order')).toBeInTheDocument();
    expect(screen.queryByLabelText('Respond per line')).not.toBeInTheDocument();
  });

  it('asks for reason and supplier reference when the order is rejected', async () => {
    const user = userEvent.setup();
    render(<Harness lines={[line(1), line(2)]} />);
    await user.click(screen.getByLabelText('Reject order'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('You need to select a reason')).toBeInTheDocument();
    expect(screen.getByText('You need to enter a supplier reference')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Delivery date' })).toBeInTheDocument();
  });

  it('defaults every line to confirmed and shows reason fields only for a rejected line', async () => {
    const user = userEvent.setup();
    render(<Harness lines={[line(1), line(2)]} />);
    await user.click(screen.getByLabelText('Respond per line'));
    expect(screen.getByLabelText('Response for line 1')).toHaveValue('confirmed');
    expect(screen.getByLabelText('Response for line 2')).toHaveValue('confirmed');
    expect(screen.queryByLabelText('Reason for line 2')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Response for line 2'), 'rejected');
    expect(screen.getByLabelText('Reason for line 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Supplier reference for line 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason for line 1')).not.toBeInTheDocument();
  });
});
