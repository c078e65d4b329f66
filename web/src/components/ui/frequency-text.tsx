import { MESSAGES } from '@/config/messages';
import { khzToMhz } from '@/utils/frequency';

/**
 * A frequency (kHz) in MHz, or the masked text when the server hid it (a contest QSO, a
 * contesting station: it sends null). Unknown and not masked: nothing.
 */
export function FrequencyText({ khz, masked }: { khz: number | null | undefined; masked: boolean }) {
  if (masked) {
    return (
      <span className="freq-masked" title={MESSAGES.frequencyHiddenTitle}>
        {MESSAGES.frequencyHidden}
      </span>
    );
  }
  const mhz = khzToMhz(khz);
  return mhz ? <span className="freq">{mhz}</span> : null;
}
