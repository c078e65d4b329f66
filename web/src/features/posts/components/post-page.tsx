import { Link, useSearchParams } from 'react-router-dom';
import { FAILED_TO_LOAD_POST, POST_UPDATED_BANNER } from '@hamlog/domain/messages';
import { plainText } from '@hamlog/domain/posts/display';
import { Avatar } from '@/components/ui/avatar';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/media';
import { useUser } from '@/lib/session';
import { usePost, type Post } from '../api/posts';
import { PostBody } from './post-body';
import { PostVideo } from './post-video';
import '../posts.css';

function PostView({ post }: { post: Post }) {
  const user = useUser();
  const title = plainText(post.title);
  useDocumentTitle(title);
  const image = mediaUrl(post.hero_image_name);
  return (
    <article className="post">
      <h1 className="post-title">{title}</h1>
      <p className="post-author">
        <Avatar imageName={post.user.profile_image_name} callsign={post.user.my_callsign || '?'} />
        {post.user.my_callsign ? <Link to={`/${encodeURIComponent(post.user.my_callsign)}`}>{post.user.my_callsign}</Link> : null}
        {post.user.name ? <span>{post.user.name}</span> : null}
        {user !== null && user.id === post.user_id ? (
          <Link to={`/post/edit/${encodeURIComponent(post.id)}`} className="btn btn-secondary post-edit">
            Edit
          </Link>
        ) : null}
      </p>
      {post.youtube_video_id ? (
        <PostVideo videoId={post.youtube_video_id} title={title} />
      ) : image ? (
        <img className="post-hero" src={image} alt="" />
      ) : null}
      <PostBody body={post.body} />
    </article>
  );
}

/** /post/{id} and /post/{id}/{title}: one post; ?updated=true says it was saved. */
export function PostPage({ postId }: { postId: string }) {
  const [search] = useSearchParams();
  const post = usePost(postId);
  return (
    <div className="posts-page">
      {search.get('updated') === 'true' ? <Notice tone="success">{POST_UPDATED_BANNER}</Notice> : null}
      {post.isPending ? (
        <Loading />
      ) : post.isError ? (
        <Notice tone="error">{FAILED_TO_LOAD_POST}</Notice>
      ) : (
        <PostView post={post.data} />
      )}
      <p className="post-links">
        <Link to="/news">All news</Link>
        <Link to="/post/new">Write a post</Link>
        <Link to="/ham-radio-videos">Ham radio videos</Link>
      </p>
    </div>
  );
}
