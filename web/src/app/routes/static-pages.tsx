import { Page } from '@/components/ui/page';
import { ContactDetails } from '@/features/static-pages/components/contact-details';
import { GettingStarted } from '@/features/static-pages/components/getting-started';
import { HelpAndSupport } from '@/features/static-pages/components/help-and-support';
import { PrivacyPolicy } from '@/features/static-pages/components/privacy-policy';
import { TermsOfUse } from '@/features/static-pages/components/terms-of-use';

export function PrivacyRoute() {
  return (
    <Page title="Privacy Policy" narrow>
      <PrivacyPolicy />
    </Page>
  );
}

export function TermsRoute() {
  return (
    <Page title="Terms of Use" narrow>
      <TermsOfUse />
    </Page>
  );
}

export function ContactRoute() {
  return (
    <Page title="Contact" narrow>
      <ContactDetails />
    </Page>
  );
}

export function DocsRoute() {
  return (
    <Page title="Documentation" narrow>
      <GettingStarted />
    </Page>
  );
}

/** /post/74/Help-and-Support: the FAQ the sidebar and the contact page link to. */
export function HelpRoute() {
  return (
    <Page title="Help and Support" narrow>
      <HelpAndSupport />
    </Page>
  );
}
