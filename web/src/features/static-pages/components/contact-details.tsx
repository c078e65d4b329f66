import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/ui/social-links';
import { FAQ_PATH } from '@/config/app';

export function ContactDetails() {
  return (
    <div className="card">
      <p className="lead">Most questions are answered in the help and support article.</p>
      <p>
        <Link to={FAQ_PATH}>Read Help and Support</Link>
      </p>
      <h2>Reach us</h2>
      <SocialLinks className="plain-list" />
    </div>
  );
}
