import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import type { FollowingAnswer, SetFollowStateRequest, StatusAnswer } from '@/types/api';
import type { ProfileView } from './get-profile';

export type { SetFollowStateRequest };

/** POST /vsetfollowstate (1 follows, 0 unfollows). Following is private: the station is never told. */
export function setFollowState(input: SetFollowStateRequest): Promise<FollowingAnswer> {
  return api.post<FollowingAnswer>('/vsetfollowstate', input);
}

export function useSetFollowState() {
  return useMutation({
    mutationFn: setFollowState,
    onSuccess: (answer, input) => {
      const following = Array.isArray(answer?.following) ? answer.following.map(String) : null;
      const isFollowing = following ? following.includes(String(input.user_id)) : input.follow_level === 1;
      queryClient.setQueriesData<ProfileView>({ queryKey: [QUERY_ROOTS.profile] }, (profile) =>
        profile && String(profile.id) === String(input.user_id) ? { ...profile, following: isFollowing } : profile,
      );
      // The status poll carries the list too; keep it in step until its next answer.
      if (following) {
        queryClient.setQueriesData<StatusAnswer>({ queryKey: [QUERY_ROOTS.status] }, (status) =>
          status ? { ...status, following } : status,
        );
      }
    },
  });
}
