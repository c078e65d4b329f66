import { PRODUCT_NAME } from '@/config/app';

export function TermsOfUse() {
  return (
    <div className="card">
      <p className="lead">By using {PRODUCT_NAME} you agree to these terms.</p>
      <h2>Your account</h2>
      <p>Register only with a callsign you hold or operate, keep your password and API key to yourself, and keep your details current.</p>
      <h2>Your content</h2>
      <p>
        You keep the rights to the contacts, photos and posts you add. You allow us to show them on your public page and in the
        feeds, as the product does. Do not upload anything you have no right to share, or anything unlawful or abusive.
      </p>
      <h2>Subscriptions</h2>
      <p>Paid features are described where you buy them. A subscription covers the account it was bought for, not its sub-accounts.</p>
      <h2>Ending</h2>
      <p>We may suspend accounts that break these terms. You may stop using the service at any time.</p>
    </div>
  );
}
