/**
 * Who a user follows, stream `follows-{followerId}`: one stream per follower, so following is
 * private by construction: nothing is written where the followed user reads (no notification,
 * nothing on their streams), and no read model is keyed by the followed user for them to query.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { DomainError } from '../errors';
import { FOLLOW_LIMIT_REACHED, FOLLOW_SELF } from '../messages';

export const followsStreamName = (followerId: string): string => `follows-${followerId}`;

/** The most users one account may follow (bounds the stream state and the /vsr answer). */
export const FOLLOW_LIMIT = 1000;

export type UserFollowed = Message<'UserFollowed', { followerId: string; userId: string; at: string }>;
export type UserUnfollowed = Message<'UserUnfollowed', { followerId: string; userId: string; at: string }>;
export type FollowEvent = UserFollowed | UserUnfollowed;
export const FOLLOW_EVENT_TYPES = ['UserFollowed', 'UserUnfollowed'] as const satisfies readonly FollowEvent['type'][];

/** level 1 follows, 0 unfollows (the specification's follow_level). `at` is ISO 8601 UTC. */
export type SetFollowState = Message<'SetFollowState', { followerId: string; userId: string; level: 0 | 1; at: string }>;
export type FollowCommand = SetFollowState;

/** The followed user ids, in the order they were followed. */
export interface FollowState {
  following: readonly string[];
}

export class FollowSelfError extends DomainError {
  readonly code = 'FOLLOW_SELF';
  override readonly field = 'user_id';
  constructor() {
    super(FOLLOW_SELF);
  }
}

export class FollowLimitError extends DomainError {
  readonly code = 'FOLLOW_LIMIT';
  override readonly field = 'user_id';
  constructor() {
    super(FOLLOW_LIMIT_REACHED);
  }
}

export function initialFollowState(): FollowState {
  return { following: [] };
}

/** Following someone already followed, or unfollowing someone not followed, changes nothing (a retry). */
export function decideFollow(command: FollowCommand, state: FollowState): FollowEvent[] {
  switch (command.type) {
    case 'SetFollowState': {
      const { followerId, userId, level, at } = command.data;
      if (followerId === userId) throw new FollowSelfError();
      const follows = state.following.includes(userId);
      if (level === 1) {
        if (follows) return [];
        if (state.following.length >= FOLLOW_LIMIT) throw new FollowLimitError();
        return [{ type: 'UserFollowed', data: { followerId, userId, at } }];
      }
      return follows ? [{ type: 'UserUnfollowed', data: { followerId, userId, at } }] : [];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveFollow(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'UserFollowed':
      return state.following.includes(event.data.userId) ? state : { following: [...state.following, event.data.userId] };
    case 'UserUnfollowed':
      return { following: state.following.filter((id) => id !== event.data.userId) };
    default:
      return assertNever(event);
  }
}

export const followDecider: Decider<FollowCommand, FollowEvent, FollowState> = {
  initialState: initialFollowState,
  decide: decideFollow,
  evolve: evolveFollow,
};

/** follow_level as sent: 1 or 0, also as '1'/'0' or true/false; anything else is null. */
export function parseFollowLevel(input: unknown): 0 | 1 | null {
  if (input === 1 || input === '1' || input === true) return 1;
  if (input === 0 || input === '0' || input === false) return 0;
  return null;
}
