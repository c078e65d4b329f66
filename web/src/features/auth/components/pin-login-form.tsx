import { useState, type FormEvent } from 'react';
import { NETWORK_ERROR, PIN_EMAIL_NOTE, PIN_SEND_FAILED, PIN_SENT, WRONG_PIN } from '@hamlog/domain/messages';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { alertUser } from '@/lib/dialogs';
import { usePinLogin } from '../api/pin-login';
import { useSendPin } from '../api/send-pin';
import { checkPinCallsign, normalisePin } from '../utils/pin';

function sendFailureText(err: unknown): string {
  if (isApiError(err) && err.status === 429) return err.message; // wait before asking again: say so
  return PIN_SEND_FAILED;
}

function pinFailureText(err: unknown): string {
  if (isApiError(err) && err.isNetworkError) return NETWORK_ERROR;
  if (isApiError(err) && err.status === 429) return err.message;
  return WRONG_PIN;
}

/**
 * The One Time PIN login: a callsign, SEND PIN (the PIN is mailed), then the Pin Number and
 * LOGIN. SEND PIN stays available to ask for a new PIN; only the latest one works.
 */
export function PinLoginForm({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const [callsign, setCallsign] = useState('');
  const [callsignError, setCallsignError] = useState<string | null>(null);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const sendPin = useSendPin();
  const pinLogin = usePinLogin();

  function send(e: FormEvent) {
    e.preventDefault();
    setSendFailure(null);
    const checked = checkPinCallsign(callsign);
    setCallsignError(checked.ok ? null : checked.message);
    if (!checked.ok) return;
    const target = checked.callsign;
    sendPin.mutate(
      { callsign: target },
      {
        onSuccess: () => {
          setSentTo(target);
          setPin('');
        },
        onError: (err) => {
          const fieldMessage = isApiError(err) && err.status === 422 ? err.fieldError('callsign') : undefined;
          if (fieldMessage) setCallsignError(fieldMessage);
          else setSendFailure(sendFailureText(err));
        },
      },
    );
  }

  function login(e: FormEvent) {
    e.preventDefault();
    if (!sentTo) return;
    pinLogin.mutate({ callsign: sentTo, pin: normalisePin(pin) }, { onSuccess, onError: (err) => alertUser(pinFailureText(err)) });
  }

  return (
    <div className="pin-login">
      <form className="form" onSubmit={send} aria-label="Request a One Time PIN" noValidate>
        <Field
          label="Callsign"
          name="callsign"
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={callsign}
          error={callsignError ?? undefined}
          hint={PIN_EMAIL_NOTE}
          onChange={(e) => {
            setCallsign(e.target.value.toUpperCase());
            setCallsignError(null);
            setSendFailure(null);
          }}
        />
        {sendFailure ? <Notice tone="error">{sendFailure}</Notice> : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={sendPin.isPending}>
            SEND PIN
          </button>
          <button type="button" className="btn btn-link" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>

      {sentTo ? (
        <form className="form" onSubmit={login} aria-label="Log in with the PIN">
          <Notice tone="success">{PIN_SENT}</Notice>
          <Field
            label="Pin Number"
            name="pin"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={pinLogin.isPending || !normalisePin(pin)}>
              LOGIN
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
