import { CUSTOM_MULTIPLIER_KINDS, MULTIPLIER_KIND_LABELS, RULE_SCOPES, SCOPE_LABELS } from '@hamlog/domain/contests/rules/custom-rules-spec';
import type { DupeScope } from '@hamlog/domain/contests/rules/rules';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { orderedMultipliers } from '../utils/custom-rules-form';
import { GroupError, type BuilderPartProps } from './custom-rules-parts';

const SCOPE_OPTIONS = RULE_SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }));

/** What multiplies, each kind ticked with its scope; none: the score is the points. */
export function CustomMultipliersEditor({ form, errors, onChange }: BuilderPartProps) {
  // The server's paths count the multipliers in the kinds' order, as they are sent.
  const chosen = orderedMultipliers(form.multipliers);
  const set = (next: typeof chosen, path: string) => onChange({ ...form, multipliers: next }, path);
  return (
    <fieldset className="fieldset">
      <legend>Multipliers</legend>
      <GroupError id="custom-rules-multipliers-error" message={errors['custom_rules.multipliers']} />
      <ul className="custom-rules-list">
        {CUSTOM_MULTIPLIER_KINDS.map((kind) => {
          const index = chosen.findIndex((rule) => rule.kind === kind);
          const rule = chosen[index];
          const path = `custom_rules.multipliers.${index}`;
          const label = MULTIPLIER_KIND_LABELS[kind];
          return (
            <li key={kind} className="custom-rules-multiplier">
              <CheckboxField
                label={label}
                name={rule ? `${path}.kind` : undefined}
                checked={rule !== undefined}
                error={rule ? errors[`${path}.kind`] : undefined}
                onChange={(e) => set(e.target.checked ? [...chosen, { kind, per: 'band' }] : chosen.filter((r) => r.kind !== kind), 'custom_rules.multipliers')}
              />
              {rule ? (
                <SelectField
                  label={`${label}: counted`}
                  name={`${path}.per`}
                  options={SCOPE_OPTIONS}
                  value={rule.per}
                  error={errors[`${path}.per`]}
                  onChange={(e) => set(chosen.map((r) => (r.kind === kind ? { ...r, per: e.target.value as DupeScope } : r)), `${path}.per`)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="field-hint">Score = points × multipliers; without multipliers, the score is the points.</p>
    </fieldset>
  );
}
