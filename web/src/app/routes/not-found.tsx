import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';

export function NotFoundRoute() {
  return (
    <Page title="Page not found" narrow>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
