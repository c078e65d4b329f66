import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api-client';
import { CUSTOM_RULES } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { useCreateContest, useUpdateContest } from '../api/contests';
import {
  changedPayload,
  CONTEST_FIELDS,
  contestFieldErrors,
  contestFormValues,
  contestPayload,
  DUPLICATE_RULE_OPTIONS,
  newContestValues,
  REPEAT_OPTIONS,
  RULES_OPTIONS,
  type ContestField,
  usesSimpleRules,
  type ContestFormValues,
} from '../utils/contest-form';
import type { CustomRulesForm } from '../utils/custom-rules-form';
import { CustomRulesBuilder } from './custom-rules-builder';
import './contest-scores.css';
import './custom-rules.css';

export const CONTEST_SAVE_FAILED = 'The contest could not be saved. Please try again.';
export const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * An organiser's contest: a new one (no `contest`), or changes to theirs. The server checks the
 * rules (domain/src/contests/validation.ts) and its messages show under the fields they are about.
 */
export function ContestForm({ contest, onSaved }: { contest?: ContestSummary; onSaved: (contest: ContestSummary) => void }) {
  const [initial] = useState<ContestFormValues>(() => (contest ? contestFormValues(contest) : newContestValues(new Date())));
  const [values, setValues] = useState<ContestFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<ContestField, string>>>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContest();
  const update = useUpdateContest(contest?.id ?? '');
  const pending = create.isPending || update.isPending;

  function field(name: ContestField) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((x) => ({ ...x, [name]: undefined }));
      },
    };
  }

  /** A change in the builder clears the server's message at its path (a whole list's or the off time's, when that changed). */
  function changeCustomRules(next: CustomRulesForm, path: string) {
    setValues((v) => ({ ...v, custom_rules: next }));
    const list = /^custom_rules\.(exchange|points|multipliers|off_time)$/.test(path);
    setCustomErrors((x) => Object.fromEntries(Object.entries(x).filter(([key]) => key !== path && key !== 'custom_rules' && !(list && key.startsWith(`${path}.`)))));
  }

  function failed(err: unknown) {
    if (isApiError(err) && err.status === 422) {
      const { fields, custom, other } = contestFieldErrors(err.errors);
      setErrors(fields);
      setCustomErrors(custom);
      setFormError(other[0] ?? (Object.keys(fields).length + Object.keys(custom).length === 0 ? err.message : null));
      // Focus the first field the server refused, so a keyboard user is taken to it.
      const first = CONTEST_FIELDS.find((name) => fields[name] !== undefined) ?? Object.keys(custom)[0];
      if (first) requestAnimationFrame(() => document.querySelector<HTMLElement>(`.contest-form [name="${first}"]`)?.focus());
    } else {
      setFormError(isApiError(err) && err.status >= 400 && err.status < 500 && err.message ? err.message : CONTEST_SAVE_FAILED);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setCustomErrors({});
    setFormError(null);
    if (!contest) {
      create.mutate(contestPayload(values), { onSuccess: onSaved, onError: failed });
      return;
    }
    const changes = changedPayload(initial, values);
    if (Object.keys(changes).length === 0) {
      setFormError(NOTHING_CHANGED);
      return;
    }
    update.mutate(changes, { onSuccess: onSaved, onError: failed });
  }

  const headingId = contest ? 'contest-form-edit' : 'contest-form-new';
  const simple = usesSimpleRules(values);
  return (
    <form className="form contest-form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{contest ? 'Contest rules' : 'A new contest'}</h2>
      <Field label="Name" autoComplete="off" required hint="3 to 80 characters, e.g. Club FT8 Evening" {...field('name')} />
      <fieldset className="fieldset">
        <legend>When (UTC)</legend>
        <div className="form-grid">
          <Field label="Starts (UTC)" type="datetime-local" step={60} required {...field('starts_at')} />
          <Field label="Ends (UTC)" type="datetime-local" step={60} required hint="QSOs from the start up to, not including, the end count" {...field('ends_at')} />
          <SelectField label="Repeats" options={REPEAT_OPTIONS} {...field('repeat')} />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Scoring</legend>
        <SelectField
          label="Rules"
          options={RULES_OPTIONS}
          hint="A real contest's rules score by its exchange, QSO points and multipliers, and give a Cabrillo log"
          {...field('rules')}
        />
        {values.rules === CUSTOM_RULES ? <CustomRulesBuilder form={values.custom_rules} errors={customErrors} onChange={changeCustomRules} /> : null}
        {/* Real rules decide the modes, points and dupes themselves: these are the simple rules' only. */}
        {simple ? (
          <Field
            label="Modes"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="ADIF modes or sub-modes, separated by commas, e.g. FT8, FT4 or SSB, CW. Leave empty for every mode."
            {...field('modes')}
          />
        ) : null}
        <div className="form-grid">
          {simple ? (
            <>
              <Field label="Points per contact" type="number" inputMode="numeric" min={1} max={100} step={1} {...field('points_per_contact')} />
              <SelectField label="Duplicates" options={DUPLICATE_RULE_OPTIONS} {...field('duplicate_rule')} />
            </>
          ) : null}
          <Field
            label="Late logs (hours)"
            type="number"
            inputMode="numeric"
            min={0}
            max={720}
            step={1}
            hint="Logs uploaded up to this many hours after the end still count"
            {...field('late_upload_hours')}
          />
        </div>
      </fieldset>
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {contest ? 'Save changes' : 'Create contest'}
        </button>
        <Link to={contest ? `/contests/${encodeURIComponent(contest.id)}` : '/contests'} className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
