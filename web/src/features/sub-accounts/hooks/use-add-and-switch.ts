import { AN_ERROR_OCCURRED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { useUser } from '@/lib/session';
import { addSubAccountFailureText, useAddSubAccount } from '../api/add-sub-account';
import { checkSubAccountCallsign, subAccountIdFor } from '../utils/sub-account-callsign';
import { useSwitchAccount } from './use-switch-account';

/**
 * For a callsign nobody holds yet: add it as a sub-account (after a confirmation) and switch
 * the session to it straight away.
 */
export function useAddAndSwitch() {
  const user = useUser();
  const add = useAddSubAccount();
  const { switchTo, isPending: switching } = useSwitchAccount();

  async function addAndSwitch(raw: string, to?: string) {
    const checked = checkSubAccountCallsign(raw, user);
    if (!checked.ok) {
      alertUser(checked.message);
      return;
    }
    if (!(await confirmUser(MESSAGES.confirmAddSubAccount(checked.callsign)))) return;
    add.mutate(
      { callsign: checked.callsign },
      {
        onSuccess: (owner) => {
          const id = subAccountIdFor(owner, checked.callsign);
          if (!id) {
            alertUser(AN_ERROR_OCCURRED);
            return;
          }
          void switchTo({ id, callsign: checked.callsign }, { confirm: false, ...(to ? { to } : {}) });
        },
        onError: (err) => alertUser(addSubAccountFailureText(err)),
      },
    );
  }
  return { addAndSwitch, isPending: add.isPending || switching };
}
