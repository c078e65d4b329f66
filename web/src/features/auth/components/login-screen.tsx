import { useId, useState } from 'react';
import { MESSAGES } from '@/config/messages';
import { LoginForm } from './login-form';
import { PinLoginForm } from './pin-login-form';

/**
 * The login screen: email and password, or (behind the toggle) the One Time PIN form.
 * /password/reset opens with the PIN form shown.
 */
export function LoginScreen({ onSuccess, startWithPin = false }: { onSuccess: () => void; startWithPin?: boolean }) {
  const [usePin, setUsePin] = useState(startWithPin);
  const panelId = useId();
  return (
    <div className="login-screen">
      {usePin ? null : <LoginForm onSuccess={onSuccess} />}
      <p className="pin-toggle">
        <button
          type="button"
          className="btn btn-link"
          aria-expanded={usePin}
          aria-controls={panelId}
          onClick={() => setUsePin((on) => !on)}
        >
          {MESSAGES.pinToggle}
        </button>
      </p>
      <div id={panelId} hidden={!usePin}>
        {usePin ? <PinLoginForm onSuccess={onSuccess} onCancel={() => setUsePin(false)} /> : null}
      </div>
    </div>
  );
}
