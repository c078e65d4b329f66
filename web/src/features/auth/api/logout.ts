import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { clearSession, getMainSession, signingOutAtom } from '@/lib/session';

/** Ends the session on the server, and the kept main-account session when in a sub-account. */
export async function logout(): Promise<void> {
  const main = getMainSession();
  await api.post<unknown>('/vlogout');
  if (main) await api.post<unknown>('/vlogout', undefined, { token: main.token });
}

/**
 * Sign out: tell the server (best effort), drop token, user and cached server data, and go
 * to /login?logout=success.
 */
export function useLogout() {
  const navigate = useNavigate();
  const setSigningOut = useSetAtom(signingOutAtom);
  return useMutation({
    mutationFn: async () => {
      setSigningOut(true);
      try {
        await logout().catch(() => undefined); // signing out locally works even offline
        clearSession();
        await navigate('/login?logout=success', { replace: true });
        queryClient.clear();
      } catch (error) {
        setSigningOut(false);
        throw error;
      }
      // The login screen clears the flag once it is shown: until then the guarded page that is
      // still mounted must not redirect to /login?redirect=... on its own.
    },
  });
}
