import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MY_CALLSIGN_TAKEN, REGISTRATION_FAILED } from '@hamlog/domain/messages';
import { MY_CALLSIGN_MAX_LENGTH } from '@hamlog/domain/user/validation';
import { CallsignField } from '@/components/ui/callsign-field';
import { Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import { useRegister } from '../api/register';

type FieldName = 'email' | 'my_callsign';

/** Registration with email and callsign; the first server message per field shows under it. */
export function RegisterForm({ refId, onSuccess }: { refId?: string | undefined; onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [callsign, setCallsign] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const register = useRegister();

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    register.mutate(
      { email: email.trim(), my_callsign: callsign.trim(), ...(refId ? { ref_id: refId } : {}) },
      {
        onSuccess,
        onError: (err) => {
          if (isApiError(err) && err.status === 422) {
            const fieldErrors = {
              email: err.fieldError('email'),
              my_callsign: err.fieldError('my_callsign'),
            };
            if (fieldErrors.email || fieldErrors.my_callsign) {
              setErrors(fieldErrors);
              return;
            }
          }
          alertUser(REGISTRATION_FAILED);
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={submit}>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((x) => ({ ...x, email: undefined }));
        }}
      />
      <CallsignField
        name="my_callsign"
        required
        maxLength={MY_CALLSIGN_MAX_LENGTH}
        value={callsign}
        error={errors.my_callsign}
        onCallsignChange={(typed) => {
          setCallsign(typed);
          setErrors((x) => ({ ...x, my_callsign: undefined }));
        }}
      />
      {errors.my_callsign === MY_CALLSIGN_TAKEN ? (
        <p>
          <Link to={`/claim-callsign?callsign=${encodeURIComponent(callsign)}`}>Claim {callsign}: it is my callsign</Link>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={register.isPending}>
          Get Started Free
        </button>
        <Link to="/login" className="btn btn-link">
          I already have an account
        </Link>
      </div>
    </form>
  );
}
