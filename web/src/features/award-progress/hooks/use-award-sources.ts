import { useState } from 'react';
import type { TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { CONFIRMATION_SERVICES, type ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { readStoredJson, writeStored } from '@/lib/storage';
import { parseSources, sameSources, type AwardFilters } from '../utils/award-filters';
import type { UpdateFilters } from './use-award-filters';

/** localStorage: the services the user chose to count for an award, as a JSON array. */
export const sourcesStorageKey = (award: string) => `award_sources_${award}`;

function storedSources(award: string): ConfirmationService[] | null {
  const stored = readStoredJson<unknown>(sourcesStorageKey(award));
  if (!Array.isArray(stored)) return null;
  const sources = parseSources(stored.filter((s): s is string => typeof s === 'string').join(','));
  return sources.length > 0 ? sources : null;
}

export interface AwardSources {
  /** What the requests send: null for the desk's rules (the server's default). */
  requested: ConfirmationService[] | null;
  /** The services ticked. */
  shown: readonly ConfirmationService[];
  /** Whether the ticked ones are what the award's desk accepts. */
  desk: boolean;
  toggle: (service: ConfirmationService) => void;
  reset: () => void;
}

/**
 * Which confirmations count: the address's choice, else the one the user last made for this award
 * (remembered for their own log only), else the desk's rules. At least one stays ticked.
 */
export function useAwardSources(award: TrackedAward, filters: AwardFilters, update: UpdateFilters): AwardSources {
  const own = filters.callsign === '';
  const [stored, setStored] = useState(() => (own ? storedSources(award.id) : null));
  const requested = filters.sources ?? stored;
  const shown = requested ?? award.accepted;

  const choose = (next: ConfirmationService[] | null) => {
    if (own) {
      writeStored(sourcesStorageKey(award.id), next ? JSON.stringify(next) : null);
      setStored(next);
    }
    update({ sources: next });
  };

  return {
    requested,
    shown,
    desk: sameSources(shown, award.accepted),
    toggle: (service) => {
      const next = CONFIRMATION_SERVICES.filter((s) => (s === service ? !shown.includes(s) : shown.includes(s)));
      if (next.length > 0) choose(next);
    },
    reset: () => choose(null),
  };
}
