import { useState } from 'react';
import { FOLLOW_FAILED, UNFOLLOW_FAILED } from '@hamlog/domain/messages';
import { useSetFollowState } from '../api/set-follow-state';

/** Follow (level 1) or Unfollow (level 0) a station. Nobody is told about it. */
export function FollowButton({ userId, callsign, following }: { userId: string; callsign: string; following: boolean }) {
  const setFollow = useSetFollowState();
  const [failure, setFailure] = useState<string | null>(null);

  function toggle() {
    setFailure(null);
    const level = following ? 0 : 1;
    setFollow.mutate(
      { user_id: userId, follow_level: level },
      { onError: () => setFailure(level === 1 ? FOLLOW_FAILED : UNFOLLOW_FAILED) },
    );
  }

  return (
    <div className="follow-control">
      <button
        type="button"
        className={following ? 'btn btn-secondary' : 'btn btn-primary'}
        aria-pressed={following}
        aria-label={following ? `Unfollow ${callsign}` : `Follow ${callsign}`}
        disabled={setFollow.isPending}
        onClick={toggle}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
