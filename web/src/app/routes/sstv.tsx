import { SstvArchive } from '@/features/sstv/components/sstv-archive';

/** /sstv: the public SSTV archive (the header's link). */
export function SstvRoute() {
  return <SstvArchive />;
}
