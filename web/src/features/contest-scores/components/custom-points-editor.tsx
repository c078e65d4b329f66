import { useId, useRef } from 'react';
import { CUSTOM_BANDS, CUSTOM_MAX_POINTS, CUSTOM_MAX_POINTS_ROWS, MODE_GROUP_LABELS, type PointsModes } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { pointsRows, RELATION_FIELDS, sentPointsRows, toggled, type BandPointsText, type PointsText } from '../utils/custom-rules-form';
import { CheckboxGroup, GroupError, type BuilderPartProps } from './custom-rules-parts';

/** A row's points by relation; `suffix` tells the rows apart in the labels (' (CW)', ' (CW band row 1)'). */
function RelationPoints({ path, suffix, values, errors, onChange }: { path: string; suffix: string; values: PointsText; errors: Record<string, string>; onChange: (key: keyof PointsText, value: string) => void }) {
  return (
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
          value={values[key]}
          error={errors[`${path}.${key}`]}
          onChange={(e) => onChange(key, e.target.value)}
        />
      ))}
    </div>
  );
}

/**
 * Points by where the worked station is: one set for every mode, or one per mode group of the
 * contest's modes; each may have rows for some bands, tried first (3 points on 160 and 80 m, 1 above).
 */
export function CustomPointsEditor({ form, errors, onChange }: BuilderPartProps) {
  const errorId = `${useId()}-error`;
  const box = useRef<HTMLFieldSetElement>(null);
  // The server's paths count the rows in the order they are sent: each group's band rows, then its row for the other bands.
  const sent = sentPointsRows(form);
  const indexOf = (group: PointsModes, band: number | null) => sent.findIndex((row) => row.group === group && row.band === band);
  const bandOptions = form.bands.map((band) => ({ value: band, label: band }));
  const setBandRows = (group: PointsModes, rows: BandPointsText[], path: string) => onChange({ ...form, band_points: { ...form.band_points, [group]: rows } }, path);
  const focusLater = (selector: string) => requestAnimationFrame(() => box.current?.querySelector<HTMLElement>(selector)?.focus());

  return (
    <fieldset ref={box} className="fieldset" aria-describedby={errors['custom_rules.points'] ? errorId : undefined}>
      <legend>Points per contact</legend>
      <CheckboxField
        label="Different points per mode (CW, phone, digital)"
        name="custom_rules.points"
        checked={form.per_mode_points}
        error={errors['custom_rules.points']}
        onChange={(e) => onChange({ ...form, per_mode_points: e.target.checked }, 'custom_rules.points')}
      />
      {pointsRows(form).map((group) => {
        const groupName = group === 'all' ? '' : MODE_GROUP_LABELS[group];
        const bandRows = form.band_points[group];
        const other = indexOf(group, null);
        const modesError = sent.map((row, i) => (row.group === group ? errors[`custom_rules.points.${i}.modes`] : undefined)).find(Boolean);
        const addLabel = `Add points for some bands${groupName ? ` (${groupName})` : ''}`;
        return (
          <div key={group} className="custom-rules-points">
            {groupName ? <h4 className="custom-rules-points-title">{groupName}</h4> : null}
            <GroupError id={`${errorId}-${group}`} message={modesError} />
            {bandRows.length > 0 ? (
              <ol className="custom-rules-list">
                {bandRows.map((row, b) => {
                  const path = `custom_rules.points.${indexOf(group, b)}`;
                  const title = `${groupName ? `${groupName} band` : 'Band'} row ${b + 1}`;
                  const setRow = (next: BandPointsText, at: string) => setBandRows(group, bandRows.map((r, j) => (j === b ? next : r)), at);
                  return (
                    <li key={b} className="custom-rules-row">
                      <CheckboxGroup<string>
                        legend={`${title}: bands`}
                        name={`${path}.bands`}
                        options={bandOptions}
                        chosen={row.bands}
                        error={errors[`${path}.bands`]}
                        onToggle={(band, on) => setRow({ ...row, bands: toggled<string>(row.bands, band, on, CUSTOM_BANDS) }, `${path}.bands`)}
                      />
                      <RelationPoints path={path} suffix={` (${title})`} values={row} errors={errors} onChange={(key, value) => setRow({ ...row, [key]: value }, `${path}.${key}`)} />
                      <div className="custom-rules-row-actions">
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-label={`Remove ${title}`}
                          onClick={() => {
                            setBandRows(group, bandRows.filter((_, j) => j !== b), 'custom_rules.points');
                            focusLater(`[data-add-bands="${group}"]`);
                          }}
                        >
                          Remove
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
            ) : null}
            {bandRows.length > 0 ? <p className="field-hint">{groupName ? `${groupName} on the other bands` : 'The other bands'}</p> : null}
            <RelationPoints
              path={`custom_rules.points.${other}`}
              suffix={groupName ? ` (${groupName})` : ''}
              values={form.points[group]}
              errors={errors}
              onChange={(key, value) => onChange({ ...form, points: { ...form.points, [group]: { ...form.points[group], [key]: value } } }, `custom_rules.points.${other}.${key}`)}
            />
            <p className="custom-rules-add">
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-add-bands={group}
                aria-label={addLabel}
                disabled={sent.length >= CUSTOM_MAX_POINTS_ROWS}
                onClick={() => {
                  setBandRows(group, [...bandRows, { bands: [], ...form.points[group] }], 'custom_rules.points');
                  // The new row takes the place of the group's row for the other bands in the sent order.
                  focusLater(`[name="custom_rules.points.${other}.bands"]`);
                }}
              >
                Add points for some bands
              </button>
            </p>
          </div>
        );
      })}
      <p className="field-hint">
        Same country: both stations in one DXCC entity (CQ counts WAE entities apart). Other continent: the stations on different continents. Rows for some bands
        are tried first, in order.
      </p>
    </fieldset>
  );
}
