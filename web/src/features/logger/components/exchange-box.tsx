import type { ExchangeField } from '@hamlog/domain/contests/rules/rules';
import { exchangeValue } from '../utils/contest-mode';

/** One exchange value's box: numbers get the numeric keyboard on a phone; values are one word, upper case. */
export function ExchangeBox({ field, id, label, className, value, onChange }: { field: ExchangeField; id: string; label: string; className: string; value: string; onChange: (value: string) => void }) {
  const numeric = field.kind === 'serial' || field.kind === 'cq-zone' || (field.kind === 'itu-zone' && !field.hq);
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} autoComplete="off" inputMode={numeric ? 'numeric' : 'text'} maxLength={16} value={value} onChange={(e) => onChange(exchangeValue(e.target.value))} />
    </div>
  );
}
