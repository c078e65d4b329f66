import { useId, useRef } from 'react';
import { CUSTOM_MAX_EXCHANGE, EXCHANGE_KIND_LABELS } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { EXCHANGE_KINDS, type ExchangeKind } from '@hamlog/domain/contests/rules/rules';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { moved } from '../utils/custom-rules-form';
import { GroupError, type BuilderPartProps } from './custom-rules-parts';

const KIND_OPTIONS = EXCHANGE_KINDS.map((kind) => ({ value: kind, label: EXCHANGE_KIND_LABELS[kind] }));

/** The exchange in the order stations send it: each field's kind and label, added, removed and moved with buttons. */
export function ExchangeFieldsEditor({ form, errors, onChange }: BuilderPartProps) {
  const errorId = `${useId()}-error`;
  const fields = form.exchange;
  const setFields = (next: typeof fields, path: string) => onChange({ ...form, exchange: next }, path);
  const list = useRef<HTMLOListElement>(null);
  // The moved field keeps the focus: its button in its new place (the other one at an end of the list).
  function move(i: number, by: number) {
    setFields(moved(fields, i, by), 'custom_rules.exchange');
    const to = i + by;
    requestAnimationFrame(() => {
      const button = (direction: string) => list.current?.querySelector<HTMLButtonElement>(`[data-move="${direction}-${to}"]`);
      const same = button(by < 0 ? 'up' : 'down');
      (same && !same.disabled ? same : button(by < 0 ? 'down' : 'up'))?.focus();
    });
  }
  // A new field: the first kind the exchange does not have yet.
  const unused = EXCHANGE_KINDS.find((kind) => !fields.some((field) => field.kind === kind)) ?? 'text';

  return (
    <fieldset className="fieldset" aria-describedby={errors['custom_rules.exchange'] ? errorId : undefined}>
      <legend>Exchange, in the order it is sent</legend>
      <ol className="custom-rules-list" ref={list}>
        {fields.map((field, i) => {
          const n = i + 1;
          const path = `custom_rules.exchange.${i}`;
          const name = field.label || EXCHANGE_KIND_LABELS[field.kind];
          return (
            <li key={i} className="custom-rules-row">
              <div className="form-grid custom-rules-row-fields">
                <SelectField
                  label={`Field ${n}`}
                  name={`${path}.kind`}
                  options={KIND_OPTIONS}
                  value={field.kind}
                  error={errors[`${path}.kind`]}
                  onChange={(e) => {
                    const kind = e.target.value as ExchangeKind;
                    // The label follows the kind unless the organiser named it.
                    const label = field.label === EXCHANGE_KIND_LABELS[field.kind] ? EXCHANGE_KIND_LABELS[kind] : field.label;
                    setFields(fields.map((f, j) => (j === i ? { kind, label } : f)), `${path}.kind`);
                  }}
                />
                <Field
                  label={`Label of field ${n}`}
                  name={`${path}.label`}
                  autoComplete="off"
                  maxLength={40}
                  value={field.label}
                  error={errors[`${path}.label`]}
                  onChange={(e) => setFields(fields.map((f, j) => (j === i ? { ...f, label: e.target.value } : f)), `${path}.label`)}
                />
              </div>
              <div className="custom-rules-row-actions">
                <button type="button" className="btn btn-secondary btn-small" data-move={`up-${i}`} aria-label={`Move field ${n} (${name}) up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  Up
                </button>
                <button type="button" className="btn btn-secondary btn-small" data-move={`down-${i}`} aria-label={`Move field ${n} (${name}) down`} disabled={i === fields.length - 1} onClick={() => move(i, 1)}>
                  Down
                </button>
                <button type="button" className="btn btn-secondary btn-small" aria-label={`Remove field ${n} (${name})`} disabled={fields.length === 1} onClick={() => setFields(fields.filter((_, j) => j !== i), 'custom_rules.exchange')}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <GroupError id={errorId} message={errors['custom_rules.exchange']} />
      <p className="custom-rules-add">
        <button
          type="button"
          className="btn btn-secondary"
          name="custom_rules.exchange"
          disabled={fields.length >= CUSTOM_MAX_EXCHANGE}
          onClick={() => setFields([...fields, { kind: unused, label: EXCHANGE_KIND_LABELS[unused] }], 'custom_rules.exchange')}
        >
          Add a field
        </button>
        <span className="field-hint">Up to {CUSTOM_MAX_EXCHANGE} fields, each kind once.</span>
      </p>
    </fieldset>
  );
}
