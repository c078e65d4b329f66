import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/ui/social-links';
import { PRODUCT_NAME } from '@/config/app';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <SocialLinks className="footer-social" label="Follow us" />
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
