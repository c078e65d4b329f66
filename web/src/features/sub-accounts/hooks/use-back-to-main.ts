import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { returnToMainSession, useMainSession, useUser, isSubAccount } from '@/lib/session';

/** Where 'Back to {main callsign}' lands: the main account's list of sub-accounts. */
export const AFTER_BACK_PATH = '/account/profiles';

/**
 * While in a sub-account switched into from this browser: the main account's callsign and a way
 * back to it. The sub-account's session is ended on the server (best effort) and the main
 * account's kept session (lib/session.ts) becomes the session again; no new session is made.
 */
export function useBackToMain() {
  const user = useUser();
  const main = useMainSession();
  const navigate = useNavigate();
  const back = useMutation({
    mutationFn: async () => {
      await api.post<unknown>('/vlogout').catch(() => undefined);
      if (!returnToMainSession()) return;
      queryClient.clear();
      await navigate(AFTER_BACK_PATH, { replace: true });
    },
  });
  const mainCallsign = isSubAccount(user) ? (main?.user?.my_callsign ?? null) : null;
  return { mainCallsign, goBack: () => back.mutate(), isPending: back.isPending };
}
