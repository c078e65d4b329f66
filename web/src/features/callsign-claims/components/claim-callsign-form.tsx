import { useState, type FormEvent } from 'react';
import { CLAIM_EVIDENCE_REQUIRED, CLAIM_SUBMITTED } from '@hamlog/domain/messages';
import { CLAIM_NOTE_MAX_LENGTH } from '@hamlog/domain/user/callsign-claim';
import { MY_CALLSIGN_MAX_LENGTH } from '@hamlog/domain/user/validation';
import { CallsignField } from '@/components/ui/callsign-field';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { TextareaField } from '@/components/ui/textarea-field';
import { PHOTO_EXTENSIONS } from '@/config/app';
import { isApiError } from '@/lib/api-client';
import { useClaimCallsign } from '../api/claim-callsign';

type FieldName = 'callsign' | 'email' | 'note' | 'image';

/**
 * The claim to a callsign (decision 0025): the callsign, a photo of a QSL card or licence, a note,
 * and, for someone not signed in, the email the decision (and, if approved, the new account) goes to.
 */
export function ClaimCallsignForm({ initialCallsign, signedIn }: { initialCallsign: string; signedIn: boolean }) {
  const [callsign, setCallsign] = useState(initialCallsign);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const claim = useClaimCallsign();

  if (claim.isSuccess) return <Notice tone="success">{claim.data.message || CLAIM_SUBMITTED}</Notice>;

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!evidence) {
      setErrors({ image: CLAIM_EVIDENCE_REQUIRED });
      return;
    }
    setErrors({});
    claim.mutate(
      { callsign: callsign.trim(), note: note.trim(), evidence, ...(signedIn ? {} : { email: email.trim() }) },
      {
        onError: (err) => {
          if (isApiError(err) && err.status === 422 && err.errors) {
            setErrors({ callsign: err.fieldError('callsign'), email: err.fieldError('email'), note: err.fieldError('note'), image: err.fieldError('image') });
          } else if (isApiError(err) && err.status === 415) {
            setErrors({ image: err.message });
          } else {
            setFailure(err.message);
          }
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <CallsignField
        name="callsign"
        required
        maxLength={MY_CALLSIGN_MAX_LENGTH}
        value={callsign}
        error={errors.callsign}
        onCallsignChange={setCallsign}
      />
      {signedIn ? null : (
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          hint="We write to you when the claim is decided; if it is approved, your account is made for this address."
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
      )}
      <Field
        label="QSL card or licence (photo)"
        type="file"
        name="image"
        accept={PHOTO_EXTENSIONS.join(',')}
        required
        hint="A JPEG, PNG or GIF image showing the callsign, e.g. your licence document or a QSL card."
        error={errors.image}
        onChange={(e) => setEvidence(e.target.files?.[0] ?? null)}
      />
      <TextareaField
        label="Note for the reviewer"
        name="note"
        maxLength={CLAIM_NOTE_MAX_LENGTH}
        rows={3}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={claim.isPending}>
          Send claim
        </button>
      </div>
    </form>
  );
}
