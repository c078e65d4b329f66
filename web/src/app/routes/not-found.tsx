import { Link, useLocation } from 'react-router-dom';
import { Page } from '@/components/ui/page';

/** Any path that is not a page (and not callsign-shaped): says so, names the path, leads home. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found" narrow>
      <p>
        There is no page at <code>{pathname}</code>. Check the address, or look a station up with the search box.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}

/** A page the product will have (the specification names it) but that is not built yet. */
export function ComingSoonRoute() {
  const { pathname } = useLocation();
  return (
    <Page title="Coming soon" narrow>
      <p>
        The page at <code>{pathname}</code> is not ready yet. It is coming soon.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
