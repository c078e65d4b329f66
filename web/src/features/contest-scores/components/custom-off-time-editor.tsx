import { CUSTOM_OFF_TIME_MAX_BREAK_MINUTES, CUSTOM_OFF_TIME_MAX_HOURS } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import type { OffTimeText } from '../utils/custom-rules-form';
import type { BuilderPartProps } from './custom-rules-parts';

const OFF_TIME_FIELDS = [
  { key: 'max_hours', label: 'Hours on the air at most', max: CUSTOM_OFF_TIME_MAX_HOURS },
  { key: 'min_break_minutes', label: 'Shortest off time (minutes)', max: CUSTOM_OFF_TIME_MAX_BREAK_MINUTES },
] as const satisfies readonly { key: keyof OffTimeText; label: string; max: number }[];

/** Single operators' off-time limit (as CQ WPX's): their hours on the air, and how long a pause must be to count as off time. */
export function CustomOffTimeEditor({ form, errors, onChange }: BuilderPartProps) {
  return (
    <fieldset className="fieldset">
      <legend>Off time</legend>
      <CheckboxField
        label="Single operators have an off-time limit"
        name="custom_rules.off_time"
        checked={form.off_time_limit}
        error={errors['custom_rules.off_time']}
        onChange={(e) => onChange({ ...form, off_time_limit: e.target.checked }, 'custom_rules.off_time')}
      />
      {form.off_time_limit ? (
        <div className="form-grid custom-rules-points-grid">
          {OFF_TIME_FIELDS.map(({ key, label, max }) => (
            <Field
              key={key}
              label={label}
              name={`custom_rules.off_time.${key}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              step={1}
              value={form.off_time[key]}
              error={errors[`custom_rules.off_time.${key}`]}
              onChange={(e) => onChange({ ...form, off_time: { ...form.off_time, [key]: e.target.value } }, `custom_rules.off_time.${key}`)}
            />
          ))}
        </div>
      ) : null}
      <p className="field-hint">Contacts past the hours do not count; a pause shorter than the off time counts as time on the air.</p>
    </fieldset>
  );
}
