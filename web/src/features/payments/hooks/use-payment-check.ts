import { useCallback, useEffect, useState } from 'react';
import { PAYMENT_VERIFY_MAX_POLLS, PAYMENT_VERIFY_POLL_MS } from '@hamlog/domain/payments/checkout';
import { isApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { verifySession } from '../api/payments';

type PaymentCheckPhase = 'checking' | 'success' | 'failed';

/**
 * Asks POST /stripe/verify-session/{id} at once, then every 5 s, 50 times at most (spec §4):
 * success stores the answered user and subscription; a checkout that is not the caller's or has
 * expired, or 50 answers of 'pending', is a failure. retry() starts the count again.
 */
export function usePaymentCheck(sessionId: string, pollMs: number = PAYMENT_VERIFY_POLL_MS) {
  const [phase, setPhase] = useState<PaymentCheckPhase>(sessionId ? 'checking' : 'failed');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const ask = async () => {
      tries += 1;
      try {
        const answer = await verifySession(sessionId);
        if (stopped) return;
        if ('token' in answer) {
          startSession(answer);
          setPhase('success');
          return;
        }
      } catch (error) {
        if (stopped) return;
        // Not the caller's checkout, or expired: asking again will not help.
        if (isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 403)) {
          setPhase('failed');
          return;
        }
      }
      if (tries >= PAYMENT_VERIFY_MAX_POLLS) setPhase('failed');
      else timer = setTimeout(() => void ask(), pollMs);
    };
    setPhase('checking');
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [sessionId, pollMs, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  return { phase, retry };
}
