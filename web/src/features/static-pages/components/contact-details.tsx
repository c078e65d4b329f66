import { Link } from 'react-router-dom';
import { FAQ_PATH, SOCIAL_LINKS } from '@/config/app';

export function ContactDetails() {
  return (
    <div className="card">
      <p className="lead">Most questions are answered in the help and support article.</p>
      <p>
        <Link to={FAQ_PATH}>Read Help and Support</Link>
      </p>
      <h2>Reach us</h2>
      <ul className="plain-list">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.label}>
            <a href={s.href} target="_blank" rel="noopener noreferrer">
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
