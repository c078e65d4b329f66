import { Link } from 'react-router-dom';
import { youtubeThumbnailUrl, type Post } from '@hamlog/domain/posts/api';
import { plainText, postSnippet } from '@hamlog/domain/posts/display';
import { mediaUrl } from '@/lib/media';
import { postPath } from '../utils/post-path';

/** A post's picture for lists: its image's thumbnail, or the video's. */
function thumbnailOf(post: Post): string | null {
  if (post.hero_thumbnail_name || post.hero_image_name) return mediaUrl(post.hero_thumbnail_name ?? post.hero_image_name);
  return post.youtube_video_id ? youtubeThumbnailUrl(post.youtube_video_id) : null;
}

/** A news card or a video's entry: thumbnail, title, the first 100 characters plus '...', Read More. */
export function PostCard({ post }: { post: Post }) {
  const thumbnail = thumbnailOf(post);
  const path = postPath(post);
  const title = plainText(post.title);
  return (
    <article className="post-card">
      <Link to={path} className="post-card-thumb" tabIndex={-1} aria-hidden="true">
        {thumbnail ? <img src={thumbnail} alt="" loading="lazy" decoding="async" /> : <span className="post-card-no-thumb" />}
      </Link>
      <div className="post-card-text">
        <h2 className="post-card-title">
          <Link to={path}>{title}</Link>
        </h2>
        <p className="post-card-snippet">{postSnippet(post.body)}</p>
        <Link to={path} className="post-card-more" aria-label={`Read More: ${title}`}>
          Read More
        </Link>
      </div>
    </article>
  );
}
