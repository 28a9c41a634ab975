/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { DateText } from './date-text';
import { Money } from './money';

describe('Money', () => {
  it('renders the formatted amount and marks negatives', () => {
    const { rerender } = render(<Money value="1234.5" />);
    expect(screen.getByText('R 1,234.50')).not.toHaveClass('money--negative');
    rerender(<Money value={-12} />);
    expect(screen.getByText('- R 12.00')).toHaveClass('money', 'money--negative');
  });

  it('renders an empty span for a missing amount', () => {
    const { container } = render(<Money value={null} />);
    expect(container.querySelector('.money')).toBeEmptyDOMElement();
  });
});

describe('DateText', () => {
  it('renders the chosen format in a <time> element', () => {
    const { rerender } = render(<DateText value="2026-11-21" />);
    expect(screen.getByText('21-11-2026')).toHaveAttribute('datetime', '2026-11-21');
    rerender(<DateText value="2026-11-21" format="dots" />);
    expect(screen.getByText('21.11.2026').tagName).toBe('TIME');
    rerender(<DateText value="2026-11-21T08:30:00" format="datetime" />);
    expect(screen.getByText('21-11-2026 08:30')).toBeInTheDocument();
  });

  it('renders nothing for an empty or invalid value', () => {
    const { container } = render(<DateText value="nope" />);
    expect(container).toBeEmptyDOMElement();
  });
});
