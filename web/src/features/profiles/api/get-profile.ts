import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import type { ProfileAnswer, PublicProfile } from '@/types/api';

/** A public profile as this screen holds it: with whether the caller follows the station. */
export type ProfileView = PublicProfile & { following: boolean };

/** GET /vprofilefor: what anyone may see of a station (no email, keys or phone number); 404 for nobody. */
export async function getProfile(callsign: string): Promise<ProfileView> {
  const answer = await api.get<ProfileAnswer>(`/vprofilefor?callsign=${encodeURIComponent(callsign)}`);
  return { ...answer.profile, following: Boolean(answer.following) };
}

/** Keyed by callsign and by who asks: a signed-in caller also learns whether they follow. */
export function profileQueryKey(callsign: string, token: string | null) {
  return [QUERY_ROOTS.profile, callsign.toUpperCase(), token ?? ''] as const;
}

export function profileQueryOptions(callsign: string, token: string | null) {
  return queryOptions({
    queryKey: profileQueryKey(callsign, token),
    queryFn: () => getProfile(callsign),
    enabled: callsign.length > 0,
  });
}

export function useProfile(callsign: string) {
  const token = useSession()?.token ?? null;
  return useQuery(profileQueryOptions(callsign, token));
}
