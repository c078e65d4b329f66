import { SIGNED_OUT_EVERYWHERE } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends the account's sessions on every other device (a lost phone, a shared computer); this one stays signed in. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();

  async function run() {
    if (!(await confirmUser(MESSAGES.confirmSignOutEverywhere))) return;
    signOut.mutate(undefined, {
      onSuccess: (answer) => alertUser(answer?.message ?? SIGNED_OUT_EVERYWHERE),
      onError: () => alertUser(MESSAGES.signOutEverywhereFailed),
    });
  }

  return (
    <section className="form" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Devices</h2>
      <p className="field-hint">Signed in somewhere you no longer use? Sign out there without signing out here.</p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={run} disabled={signOut.isPending}>
          Sign out everywhere
        </button>
      </div>
    </section>
  );
}
