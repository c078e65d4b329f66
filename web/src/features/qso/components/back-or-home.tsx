import { Link, useLocation, useNavigate } from 'react-router-dom';

/** Back when this visit has a page of ours to go back to, else Home. */
export function BackOrHome() {
  const location = useLocation();
  const navigate = useNavigate();
  // 'default' is the key of the first location of this visit: nothing of ours to go back to.
  const hasHistory = location.key !== 'default';
  return hasHistory ? (
    <button type="button" className="btn btn-secondary" onClick={() => void navigate(-1)}>
      Back
    </button>
  ) : (
    <Link to="/" className="btn btn-secondary">
      Home
    </Link>
  );
}
