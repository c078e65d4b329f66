import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { MESSAGES } from '@/config/messages';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { addSubAccountFailureText, useAddSubAccount } from '../api/add-sub-account';
import { checkSubAccountCallsign, type SubAccountOwner } from '../utils/sub-account-callsign';

/** The add-callsign input and Add: checked here first, confirmed, then sent. */
export function AddSubAccountForm({ owner }: { owner: SubAccountOwner }) {
  const [callsign, setCallsign] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddSubAccount();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkSubAccountCallsign(callsign, owner);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    if (!(await confirmUser(MESSAGES.confirmAddSubAccount(checked.callsign)))) return;
    add.mutate(
      { callsign: checked.callsign },
      {
        onSuccess: () => setCallsign(''),
        onError: (err) => alertUser(addSubAccountFailureText(err)),
      },
    );
  }

  return (
    <form className="form form-inline" onSubmit={submit} aria-label="Add a sub-account" noValidate>
      <Field
        label="Callsign"
        name="callsign"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={callsign}
        error={error ?? undefined}
        onChange={(e) => {
          setCallsign(e.target.value.toUpperCase());
          setError(null);
        }}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          Add
        </button>
      </div>
    </form>
  );
}
