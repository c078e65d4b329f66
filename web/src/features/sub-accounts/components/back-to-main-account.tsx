import { useBackToMain } from '../hooks/use-back-to-main';

/** 'Back to {main callsign}' while in a sub-account; nothing otherwise. */
export function BackToMainAccount({ className = 'btn btn-secondary' }: { className?: string }) {
  const { mainCallsign, goBack, isPending } = useBackToMain();
  if (!mainCallsign) return null;
  return (
    <button type="button" className={className} disabled={isPending} onClick={goBack}>
      Back to {mainCallsign}
    </button>
  );
}
