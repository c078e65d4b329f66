import { useId } from 'react';
import { CUSTOM_MAX_POINTS, MODE_GROUP_LABELS } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { pointsRows, RELATION_FIELDS } from '../utils/custom-rules-form';
import { GroupError, type BuilderPartProps } from './custom-rules-parts';

/** Points by where the worked station is: one set for every mode, or one per mode group of the contest's modes. */
export function CustomPointsEditor({ form, errors, onChange }: BuilderPartProps) {
  const errorId = `${useId()}-error`;
  const rows = pointsRows(form);
  return (
    <fieldset className="fieldset" aria-describedby={errors['custom_rules.points'] ? errorId : undefined}>
      <legend>Points per contact</legend>
      <CheckboxField
        label="Different points per mode (CW, phone, digital)"
        name="custom_rules.points"
        checked={form.per_mode_points}
        error={errors['custom_rules.points']}
        onChange={(e) => onChange({ ...form, per_mode_points: e.target.checked }, 'custom_rules.points')}
      />
      {rows.map((group, i) => {
        const path = `custom_rules.points.${i}`;
        const suffix = group === 'all' ? '' : ` (${MODE_GROUP_LABELS[group]})`;
        return (
          <div key={group} className="custom-rules-points">
            {group === 'all' ? null : <h4 className="custom-rules-points-title">{MODE_GROUP_LABELS[group]}</h4>}
            <GroupError id={`${errorId}-${i}`} message={errors[`${path}.modes`]} />
            <div className="form-grid custom-rules-points-grid">
              {RELATION_FIELDS.map(([key, label]) => (
                <Field
                  key={key}
                  label={`${label}${suffix}`}
                  name={`${path}.${key}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={CUSTOM_MAX_POINTS}
                  step={1}
                  value={form.points[group][key]}
                  error={errors[`${path}.${key}`]}
                  onChange={(e) => onChange({ ...form, points: { ...form.points, [group]: { ...form.points[group], [key]: e.target.value } } }, `${path}.${key}`)}
                />
              ))}
            </div>
          </div>
        );
      })}
      <p className="field-hint">Same country: both stations in one DXCC entity (CQ counts WAE entities apart). Other continent: the stations on different continents.</p>
    </fieldset>
  );
}
