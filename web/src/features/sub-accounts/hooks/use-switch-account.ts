import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/config/messages';
import { alertUser, confirmUser } from '@/lib/dialogs';
import { switchFailureText, useLoginToSubAccount } from '../api/login-to-sub-account';

export interface SubAccountRef {
  id: string;
  callsign: string;
}

/** After a switch the user lands here unless the caller says otherwise. */
export const AFTER_SWITCH_PATH = '/?login=success';

/** Switch the session to a sub-account, after the user confirms. */
export function useSwitchAccount() {
  const navigate = useNavigate();
  const login = useLoginToSubAccount();
  async function switchTo(sub: SubAccountRef, { confirm = true, to = AFTER_SWITCH_PATH }: { confirm?: boolean; to?: string } = {}) {
    if (confirm && !(await confirmUser(MESSAGES.confirmSwitchAccount(sub.callsign)))) return;
    login.mutate(
      { sub_account_id: sub.id },
      {
        onSuccess: () => void navigate(to, { replace: true }),
        onError: (err) => alertUser(switchFailureText(err)),
      },
    );
  }
  return { switchTo, isPending: login.isPending };
}
