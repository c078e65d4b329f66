import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { NewsPage, VideosPage } from '@/features/posts/components/news-page';
import { PostFormPage } from '@/features/posts/components/post-form';
import { PostPage } from '@/features/posts/components/post-page';

/** /news */
export function NewsRoute() {
  return (
    <Page title="News">
      <NewsPage />
    </Page>
  );
}

/** /ham-radio-videos */
export function VideosRoute() {
  return (
    <Page title="Ham radio videos">
      <VideosPage />
    </Page>
  );
}

/** /post/{id} and /post/{id}/{title} (post 74 is the help page: its own route). */
export function PostRoute() {
  const { id = '' } = useParams();
  return (
    <section className="page">
      <PostPage postId={id} />
    </section>
  );
}

/** /post/new (signed in). */
export function NewPostRoute() {
  return (
    <Page title="Write a post" narrow>
      <PostFormPage postId={null} />
    </Page>
  );
}

/** /post/edit/{id} (signed in, the author). */
export function EditPostRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit post" narrow>
      <PostFormPage postId={id} />
    </Page>
  );
}
