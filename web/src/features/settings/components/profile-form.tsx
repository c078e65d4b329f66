import { useState, type FormEvent } from 'react';
import { LIVE_STREAM_URL_HINT, LIVE_STREAM_URL_LABEL } from '@hamlog/domain/live-station/texts';
import { PROFILE_BIO_MAX_LENGTH, RIG_NAME_OVERRIDE_MAX_LENGTH } from '@hamlog/domain/user/profile-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/textarea-field';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import type { User } from '@/types/api';
import { useUpdateProfile } from '../api/update-profile';
import {
  bioLength,
  profileFormFromUser,
  serverFieldErrors,
  toProfilePayload,
  validateProfileForm,
  withFlag,
  type ProfileFlag,
  type ProfileFormErrors,
  type ProfileFormValues,
  type ProfileTextField,
} from '../utils/profile-form';

/** The profile form (community spec section 5): who and where you are, links and services. */
export function ProfileForm({ user, isSubAccount }: { user: User; isSubAccount: boolean }) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormFromUser(user));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  // A new email needs the current password (or a fresh PIN sign-in, which the server checks).
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | undefined>();
  const emailChanged = !isSubAccount && values.email.trim().toLowerCase() !== (user.email ?? '').trim().toLowerCase();
  const update = useUpdateProfile();

  function text(field: ProfileTextField) {
    return {
      name: field,
      value: values[field],
      error: errors[field],
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [field]: e.target.value }));
        setErrors((x) => ({ ...x, [field]: undefined }));
      },
    };
  }

  function flag(name: ProfileFlag) {
    return {
      name,
      checked: values[name],
      error: errors[name],
      onChange: (e: { target: { checked: boolean } }) => setValues((v) => withFlag(v, name, e.target.checked)),
    };
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateProfileForm(values, { isSubAccount });
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    const payload = toProfilePayload(values, { isSubAccount });
    update.mutate(emailChanged && currentPassword ? { ...payload, current_password: currentPassword } : payload, {
      onSuccess: () => {
        setValues((v) => ({ ...v, clublog_password: '' }));
        setCurrentPassword('');
        alertUser(MESSAGES.profileUpdated);
      },
      onError: (err) => {
        const fromServer = isApiError(err) && err.status === 422 ? serverFieldErrors(err.errors) : {};
        const currentProblem = isApiError(err) && err.status === 422 ? err.fieldError('current_password') : undefined;
        setCurrentPasswordError(currentProblem);
        if (Object.keys(fromServer).length > 0) setErrors(fromServer);
        else if (!currentProblem) alertUser(MESSAGES.profileUpdateFailed);
      },
    });
  }

  return (
    <form className="form profile-form" onSubmit={submit} aria-labelledby="profile-heading" noValidate>
      <h2 id="profile-heading">Profile</h2>

      <fieldset className="fieldset">
        <legend>Station</legend>
        <div className="form-grid">
          <Field label="Name" autoComplete="name" required {...text('name')} />
          {isSubAccount ? null : <Field label="Email" type="email" autoComplete="email" required {...text('email')} />}
          {emailChanged && user.has_password !== false ? (
            <Field
              label="Current password"
              type="password"
              name="current_password"
              autoComplete="current-password"
              required
              hint="Needed to change your email"
              value={currentPassword}
              error={currentPasswordError}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                setCurrentPasswordError(undefined);
              }}
            />
          ) : null}
          {emailChanged && user.has_password === false && currentPasswordError ? (
            <p className="field-error" role="alert">
              {currentPasswordError}
            </p>
          ) : null}
          <Field label="QTH" required hint="Your town or location" {...text('qth')} />
          <Field label="Grid square" required autoCapitalize="characters" spellCheck={false} hint="Maidenhead locator, e.g. JO22" {...text('grid')} />
          <Field label="Mobile number" type="tel" autoComplete="tel" {...text('mobile_number')} />
          <Field label="Club call" autoCapitalize="characters" spellCheck={false} {...text('club_call')} />
        </div>
        <div className="check-row" role="group" aria-label="Licence">
          <CheckboxField label="HAM" {...flag('is_ham')} />
          <CheckboxField label="CB" {...flag('is_cb')} />
          <CheckboxField label="SWL" {...flag('is_swl')} />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>About you</legend>
        <TextareaField
          label="Bio"
          rows={5}
          hint={`${bioLength(values.profile_bio)}/${PROFILE_BIO_MAX_LENGTH} characters, plain text`}
          {...text('profile_bio')}
        />
        <div className="form-grid">
          <Field label="Facebook link" type="url" inputMode="url" {...text('facebook_link')} />
          <Field label="YouTube link" type="url" inputMode="url" {...text('youtube_link')} />
          <Field label="Instagram link" type="url" inputMode="url" {...text('instagram_link')} />
          <Field label="Twitter link" type="url" inputMode="url" {...text('twitter_link')} />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>Live stream</legend>
        <Field label={LIVE_STREAM_URL_LABEL} type="url" inputMode="url" spellCheck={false} hint={LIVE_STREAM_URL_HINT} {...text('live_stream_url')} />
      </fieldset>

      <fieldset className="fieldset">
        <legend>Logging services</legend>
        <p className="muted">
          These keep your keys with your profile (the QRZ import reads the QRZ key). To send QSOs to LoTW, QRZ Logbook, Club Log and eQSL and fetch
          their confirmations, connect them under <a href="#services">Connected services</a>.
        </p>
        <div className="form-grid">
          <Field label="QRZ API key" autoComplete="off" spellCheck={false} {...text('qrz_api_key')} />
          <CheckboxField label="Send my QSOs to QRZ" {...flag('qrz_auto_log_qso')} />
          <Field label="Clublog email" type="email" autoComplete="off" {...text('clublog_email')} />
          <Field
            label="Clublog password"
            type="password"
            autoComplete="new-password"
            hint={user.has_clublog_password ? 'A password is saved; leave empty to keep it' : undefined}
            {...text('clublog_password')}
          />
          <CheckboxField label="Send my QSOs to Clublog" {...flag('clublog_auto_log_qso')} />
          <Field label="eQSL API key" autoComplete="off" spellCheck={false} {...text('eqsl_apikey')} />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>Preferences</legend>
        <div className="form-grid">
          <Field
            label="Rig name override"
            maxLength={RIG_NAME_OVERRIDE_MAX_LENGTH}
            hint={`Shown instead of the rig name, at most ${RIG_NAME_OVERRIDE_MAX_LENGTH} characters`}
            {...text('rig_name_override')}
          />
          <CheckboxField label="Exclude me from leaderboards" {...flag('exclude_from_leaderboards')} />
          <CheckboxField
            label="Show my award progress on my public page"
            hint="Others see your award counts on your station page. Off by default."
            {...flag('show_award_progress')}
          />
        </div>
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Update Profile
        </button>
      </div>
    </form>
  );
}
