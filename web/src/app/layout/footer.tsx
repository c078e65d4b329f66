import { Link } from 'react-router-dom';
import { PRODUCT_NAME, SOCIAL_LINKS } from '@/config/app';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <ul className="footer-social" aria-label="Follow us">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.label}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <nav aria-label="About">
          <ul className="footer-links">
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/support-us">Support us</Link>
            </li>
          </ul>
        </nav>
        <p>{PRODUCT_NAME} · a logbook in the cloud for radio amateurs · times in UTC</p>
      </div>
    </footer>
  );
}
