import { useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { NewsPage, VideosPage } from '@/features/posts/components/news-page';
import { PostFormPage } from '@/features/posts/components/post-form';
import { PostPage, type PostVideoHooks } from '@/features/posts/components/post-page';
import { poppedVideo, popOutVideo, stopPoppedVideo, subscribePoppedVideo } from '@/lib/video-player';

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

/** The post page's video goes to the shell's pop-out player and comes back from it. */
function usePostVideoHooks(): PostVideoHooks {
  const popped = useSyncExternalStore(subscribePoppedVideo, poppedVideo, poppedVideo);
  return {
    isPoppedOut: (post) => popped?.kind === 'youtube' && popped.videoId === post.youtube_video_id,
    popOut: (post) => {
      if (post.youtube_video_id) popOutVideo({ kind: 'youtube', videoId: post.youtube_video_id, title: post.title });
    },
    bringBack: stopPoppedVideo,
  };
}

/** /post/{id} and /post/{id}/{title} (post 74 is the help page: its own route). */
export function PostRoute() {
  const { id = '' } = useParams();
  const video = usePostVideoHooks();
  return (
    <section className="page">
      <PostPage postId={id} video={video} />
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
