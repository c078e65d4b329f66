import { PRODUCT_NAME } from '@/config/app';

/** The privacy text; community spec §9 fixes the age limit, the breach notice and the response time. */
export function PrivacyPolicy() {
  return (
    <div className="card">
      <p className="lead">This policy explains what {PRODUCT_NAME} keeps about you and what you can ask of us.</p>
      <h2>What we keep</h2>
      <p>
        Your email address, callsign, the profile details you enter, the photos you upload and the contacts (QSOs) you log.
        Page views are recorded with the address, the referrer and, when you are signed in, your user id.
      </p>
      <h2>Children</h2>
      <p>The service is not meant for children under 16, and we do not knowingly keep information about anyone under 16.</p>
      <h2>Data breaches</h2>
      <p>If a breach of personal data puts you at risk, we will tell you and the supervisory authority within 72 hours of becoming aware of it.</p>
      <h2>Your rights</h2>
      <p>
        You may ask to see, correct, export or delete your information. We will respond to every request within one month.
      </p>
    </div>
  );
}
