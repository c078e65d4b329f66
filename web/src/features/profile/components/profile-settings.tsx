import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import type { User } from '@/types/api';
import { useUpdateProfile } from '../api/update-profile';

type PasswordField = 'password' | 'password_confirmation';

/** Account settings (for now: who you are, and setting a password). */
export function ProfileSettings({ user, justRegistered }: { user: User | null; justRegistered: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const update = useUpdateProfile();

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    update.mutate(
      { password, password_confirmation: confirmation },
      {
        onSuccess: () => {
          setPassword('');
          setConfirmation('');
          alertUser(MESSAGES.profileUpdated);
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 422) {
            const fieldErrors = {
              password: err.fieldError('password'),
              password_confirmation: err.fieldError('password_confirmation'),
            };
            if (fieldErrors.password || fieldErrors.password_confirmation) {
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
    <>
      {justRegistered ? <Notice tone="success">{MESSAGES.registerWelcome}</Notice> : null}

      <dl className="facts">
        <div>
          <dt>Callsign</dt>
          <dd>{user?.my_callsign || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user?.email || '—'}</dd>
        </div>
        {user?.name ? (
          <div>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </div>
        ) : null}
      </dl>

      <form className="form" onSubmit={submit} aria-labelledby="password-heading">
        <h2 id="password-heading">{user?.has_password === false || justRegistered ? 'Set a password' : 'Change password'}</h2>
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
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
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Save
          </button>
        </div>
      </form>
    </>
  );
}
