import { formatMoney, type MoneyInput } from '@/lib/format/money';

/** An amount in rands; negative amounts get a class so they can be coloured. */
export function Money({ value, className }: { value: MoneyInput; className?: string }) {
  const text = formatMoney(value);
  const negative = text.startsWith('-');
  const classes = ['money', negative && 'money--negative', className].filter(Boolean).join(' ');
  return <span className={classes}>{text}</span>;
}
