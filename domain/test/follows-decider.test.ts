import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/decider';
import { FOLLOW_LIMIT, FollowLimitError, FollowSelfError, followDecider, followsStreamName, parseFollowLevel, type FollowEvent } from '../src/follows/decider';
import * as m from '../src/messages';
import { specFor } from './support/given-when-then';

const given = specFor(followDecider);
const at = '2025-03-01T10:00:00Z';
const followed = (userId: string): FollowEvent => ({ type: 'UserFollowed', data: { followerId: 'me', userId, at } });
const set = (userId: string, level: 0 | 1) => ({ type: 'SetFollowState', data: { followerId: 'me', userId, level, at } }) as const;

describe('follows decider', () => {
  it('follows a user once; following again is a retry that writes nothing', () => {
    given([]).when(set('u2', 1)).then([followed('u2')]);
    given([followed('u2')]).when(set('u2', 1)).then([]);
  });

  it('unfollows a followed user; unfollowing again writes nothing', () => {
    given([followed('u2')]).when(set('u2', 0)).then([{ type: 'UserUnfollowed', data: { followerId: 'me', userId: 'u2', at } }]);
    given([]).when(set('u2', 0)).then([]);
    given([followed('u2'), { type: 'UserUnfollowed', data: { followerId: 'me', userId: 'u2', at } }]).when(set('u2', 0)).then([]);
  });

  it('refuses to follow yourself', () => {
    given([]).when({ type: 'SetFollowState', data: { followerId: 'me', userId: 'me', level: 1, at } }).thenThrows(FollowSelfError, m.FOLLOW_SELF);
  });

  it('caps how many users one account follows', () => {
    const many = Array.from({ length: FOLLOW_LIMIT }, (_, i) => followed(`u${i}`));
    given(many).when(set('one-more', 1)).thenThrows(FollowLimitError, m.FOLLOW_LIMIT_REACHED);
    given(many).when(set('u0', 1)).then([]);
  });

  it('keeps the followed ids in follow order', () => {
    const state = foldEvents(followDecider, [followed('a'), followed('b'), followed('c'), { type: 'UserUnfollowed', data: { followerId: 'me', userId: 'b', at } }]);
    expect(state.following).toEqual(['a', 'c']);
    expect(followsStreamName('me')).toBe('follows-me');
  });

  it('reads follow_level as 1 or 0 in the forms clients send', () => {
    expect([1, '1', true].map(parseFollowLevel)).toEqual([1, 1, 1]);
    expect([0, '0', false].map(parseFollowLevel)).toEqual([0, 0, 0]);
    expect([2, -1, 'yes', null, undefined, 0.5].map(parseFollowLevel)).toEqual([null, null, null, null, null, null]);
  });
});
