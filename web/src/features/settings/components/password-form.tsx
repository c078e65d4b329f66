import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@hamlog/domain/user/validation';
import { Field } from '@/components/ui/field';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import { useUpdatePassword } from '../api/update-password';
import { validateNewPassword, type PasswordErrors } from '../utils/password';

/**
 * A new password (at least 8 characters); the confirmation field appears once one is typed.
 * Its own form, so a new account can set a password before filling in its profile. Changing a
 * password needs the current one; setting the first needs a fresh PIN sign-in, which the server
 * checks and, when missing, explains above the button.
 */
export function PasswordForm({ setting }: { setting: boolean }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const update = useUpdatePassword();

  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateNewPassword(password, confirmation);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(
      setting ? { password, password_confirmation: confirmation } : { password, password_confirmation: confirmation, current_password: current },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirmation('');
          alertUser(MESSAGES.profileUpdated);
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 422) {
            const fieldErrors = {
              password: err.fieldError('password'),
              password_confirmation: err.fieldError('password_confirmation'),
              current_password: err.fieldError('current_password'),
            };
            if (fieldErrors.password || fieldErrors.password_confirmation || fieldErrors.current_password) {
              setErrors(fieldErrors);
              return;
            }
          }
          alertUser(MESSAGES.profileUpdateFailed);
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">{setting ? 'Set a password' : 'Change password'}</h2>
      {setting ? null : (
        <Field
          label="Current password"
          type="password"
          name="current_password"
          autoComplete="current-password"
          required
          value={current}
          error={errors.current_password}
          hint="Forgotten it? Sign in with a PIN, then set a new one within 10 minutes."
          onChange={(e) => {
            setCurrent(e.target.value);
            setErrors((x) => ({ ...x, current_password: undefined }));
          }}
        />
      )}
      <Field
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((x) => ({ ...x, password: undefined }));
        }}
      />
      {password ? (
        <Field
          label="Confirm password"
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.password_confirmation}
          onChange={(e) => {
            setConfirmation(e.target.value);
            setErrors((x) => ({ ...x, password_confirmation: undefined }));
          }}
        />
      ) : null}
      {setting && errors.current_password ? (
        <p className="field-error" role="alert">
          {errors.current_password}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
