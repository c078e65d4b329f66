import { Link } from 'react-router-dom';

/** The buttons above the news, the videos and a post: Articles, + (a new post), Videos. */
export function PostLinks() {
  return (
    <p className="post-links">
      <Link to="/news" className="btn btn-secondary">
        Articles
      </Link>
      <Link to="/post/new" className="btn btn-primary" aria-label="New post" title="New post">
        +
      </Link>
      <Link to="/ham-radio-videos" className="btn btn-secondary">
        Videos
      </Link>
    </p>
  );
}
