import { GlobePage } from '@/features/globe/components/globe-page';

/** /globe, /globe2, /earth and /earth-noheader (the header is hidden on all but /earth by the shell). */
export function GlobeRoute() {
  return <GlobePage />;
}
