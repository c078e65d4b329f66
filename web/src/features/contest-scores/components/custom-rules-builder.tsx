import { CUSTOM_BANDS, CUSTOM_NAME_MAX, MODE_LABELS } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { CABRILLO_MODES, type DupeScope } from '@hamlog/domain/contests/rules/rules';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { toggled } from '../utils/custom-rules-form';
import { CheckboxGroup, GroupError, type BuilderPartProps } from './custom-rules-parts';
import { CustomMultipliersEditor } from './custom-multipliers-editor';
import { CustomOffTimeEditor } from './custom-off-time-editor';
import { CustomPointsEditor } from './custom-points-editor';
import { ExchangeFieldsEditor } from './exchange-fields-editor';

/** The checkbox groups: bands and modes, each kept in its usual order. */
const CHOICES = [
  { key: 'bands', legend: 'Bands', options: CUSTOM_BANDS.map((band) => ({ value: band as string, label: band })) },
  { key: 'modes', legend: 'Modes', options: CABRILLO_MODES.map((mode) => ({ value: mode as string, label: MODE_LABELS[mode] })) },
] as const;
const NAME_FIELDS = [
  { key: 'name', label: 'Rules name', hint: 'How the log and the board name them, e.g. Club Sprint' },
  { key: 'cabrillo_name', label: 'Cabrillo name', hint: 'The CONTEST: line of the exported logs, e.g. CLUB-SPRINT' },
] as const;
const DUPE_OPTIONS: readonly { value: DupeScope; label: string }[] = [
  { value: 'band', label: 'A station once per band' },
  { value: 'band-mode', label: 'A station once per band and mode' },
  { value: 'contest', label: 'A station once in the contest' },
];

/**
 * The organiser's own rules from the pieces the scorer knows (issue 23): names, bands and modes,
 * the exchange in order, points by relation (per mode group and band), multipliers with their
 * scope, the dupe rule and single operators' off time. The
 * server checks them; its messages show under the inputs they are about.
 */
export function CustomRulesBuilder({ form, errors, onChange }: BuilderPartProps) {
  const part = { form, errors, onChange };
  return (
    <section className="custom-rules" aria-labelledby="custom-rules-heading">
      <h3 id="custom-rules-heading">Custom rules</h3>
      <GroupError id="custom-rules-error" message={errors.custom_rules} />
      <div className="form-grid">
        {NAME_FIELDS.map(({ key, label, hint }) => (
          <Field
            key={key}
            label={label}
            name={`custom_rules.${key}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={CUSTOM_NAME_MAX + 20}
            hint={hint}
            value={form[key]}
            error={errors[`custom_rules.${key}`]}
            onChange={(e) => onChange({ ...form, [key]: e.target.value }, `custom_rules.${key}`)}
          />
        ))}
      </div>
      {CHOICES.map(({ key, legend, options }) => (
        <CheckboxGroup<string>
          key={key}
          legend={legend}
          name={`custom_rules.${key}`}
          options={options}
          chosen={form[key]}
          error={errors[`custom_rules.${key}`]}
          onToggle={(value, on) => onChange({ ...form, [key]: toggled<string>(form[key], value, on, options.map((option) => option.value)) }, `custom_rules.${key}`)}
        />
      ))}
      <ExchangeFieldsEditor {...part} />
      <CustomPointsEditor {...part} />
      <CustomMultipliersEditor {...part} />
      <SelectField
        label="Dupes"
        name="custom_rules.dupes"
        options={DUPE_OPTIONS}
        value={form.dupes}
        error={errors['custom_rules.dupes']}
        onChange={(e) => onChange({ ...form, dupes: e.target.value as DupeScope }, 'custom_rules.dupes')}
      />
      <CustomOffTimeEditor {...part} />
    </section>
  );
}
