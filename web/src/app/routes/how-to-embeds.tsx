import { Page } from '@/components/ui/page';
import { EmbedCodes } from '@/features/embeds/components/embed-codes';

/** /how-to/embeds: the signed-in user's HTML embed codes (content for signed-in users only). */
export function HowToEmbedsRoute() {
  return (
    <Page title="HTML Embed Codes" narrow>
      <EmbedCodes />
    </Page>
  );
}
