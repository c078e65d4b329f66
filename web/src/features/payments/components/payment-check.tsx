import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAYMENT_VALIDATED, PAYMENT_VALIDATING, PAYMENT_VALIDATION_FAILED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { usePaymentCheck } from '../hooks/use-payment-check';

/** After success, home with ?upgrade=1 (spec §2 'other links seen'). */
const AFTER_SUCCESS = '/?upgrade=1';
const REDIRECT_MS = 4_000;

/** The upgrade and free-trial pages: a loading state, then success (and home) or the failure with a retry button. */
export function PaymentCheck({ sessionId, pollMs }: { sessionId: string; pollMs?: number }) {
  const { phase, retry } = usePaymentCheck(sessionId, pollMs);
  const navigate = useNavigate();
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => navigate(AFTER_SUCCESS, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  if (phase === 'checking') {
    return (
      <div className="card payment-check" aria-busy="true">
        <Loading label={PAYMENT_VALIDATING} />
      </div>
    );
  }
  if (phase === 'success') {
    return (
      <Notice tone="success">
        {PAYMENT_VALIDATED} <Link to={AFTER_SUCCESS}>Continue</Link>
      </Notice>
    );
  }
  return (
    <div className="payment-check">
      <Notice tone="error">{PAYMENT_VALIDATION_FAILED}</Notice>
      <p className="form-actions">
        <button type="button" className="btn btn-primary" onClick={retry}>
          Retry
        </button>
        <Link to="/support-us" className="btn">
          Back to Support us
        </Link>
      </p>
    </div>
  );
}
