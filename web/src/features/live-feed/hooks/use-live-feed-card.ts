import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { FeedUserCard, FeedUsersAnswer } from '@hamlog/domain/community/api-shapes';
import { activeUsersQueryKey } from '../api/get-active-users';

/** A station's card as the live feed holds it, and when this page saw it change (0: it was there already). */
export interface LiveFeedCard {
  card: FeedUserCard;
  changedAt: number;
}

function sameCard(a: FeedUserCard, b: FeedUserCard): boolean {
  const keys = Object.keys(a) as (keyof FeedUserCard)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const isFeedKey = (key: readonly unknown[]): boolean => key.length === activeUsersQueryKey.length && key.every((part, i) => part === activeUsersQueryKey[i]);

/**
 * One station's card from the user feed's cache (the data keyed by activeUsersQueryKey, which the
 * live connection keeps up to date, however its messages are framed): another page (the live
 * station page) follows one station without a socket of its own. The card it found on arrival
 * counts as seen at time 0, older than any answer the page fetches itself.
 */
export function useLiveFeedCard(userId: string): LiveFeedCard | null {
  const client = useQueryClient();
  const cached = useCallback(
    () => client.getQueryData<FeedUsersAnswer>(activeUsersQueryKey)?.users.find((user) => user.id === userId) ?? null,
    [client, userId],
  );
  const [seen, setSeen] = useState<LiveFeedCard | null>(() => {
    const card = cached();
    return card ? { card, changedAt: 0 } : null;
  });

  useEffect(() => {
    let last = cached();
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !isFeedKey(event.query.queryKey)) return;
      const card = cached();
      if (card === null || (last !== null && sameCard(card, last))) return;
      last = card;
      setSeen({ card, changedAt: Date.now() });
    });
  }, [client, cached]);

  return seen;
}
