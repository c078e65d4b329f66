import { useSearchParams } from 'react-router-dom';
import { FAILED_TO_LOAD_NEWS, FAILED_TO_LOAD_VIDEOS, NO_POSTS_AVAILABLE, NO_VIDEOS_AVAILABLE, POST_UPDATED_BANNER } from '@hamlog/domain/messages';
import { NEWS_PAGE_SIZE, VIDEOS_PAGE_SIZE } from '@hamlog/domain/posts/validation';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useNews, useVideos } from '../api/posts';
import { pageFromSearch, totalPagesOf } from '../utils/pagination';
import { Pager } from './pager';
import { PostCard } from './post-card';
import { PostLinks } from './post-links';
import '../posts.css';

function usePageParam(): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams();
  const setPage = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(page));
    next.delete('updated');
    setSearch(next);
    window.scrollTo?.(0, 0);
  };
  return [pageFromSearch(search), setPage];
}

/** /news: cards, 12 to a page; ?updated=true shows that a saved post is on its way. */
export function NewsPage() {
  const [search] = useSearchParams();
  const [page, setPage] = usePageParam();
  const news = useNews(page, NEWS_PAGE_SIZE);
  return (
    <div className="posts-page">
      {search.get('updated') === 'true' ? <Notice tone="success">{POST_UPDATED_BANNER}</Notice> : null}
      <PostLinks />
      {news.isPending ? (
        <Loading />
      ) : news.isError ? (
        <Notice tone="error">{FAILED_TO_LOAD_NEWS}</Notice>
      ) : news.data.posts.length === 0 ? (
        <p className="empty">{NO_POSTS_AVAILABLE}</p>
      ) : (
        <>
          <div className="post-cards">
            {news.data.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <Pager page={page} totalPages={totalPagesOf(news.data.totalPosts, NEWS_PAGE_SIZE)} onPage={setPage} label="News pages" />
        </>
      )}
    </div>
  );
}

/** /ham-radio-videos: the posts with a video, 12 to a page, with a description snippet. */
export function VideosPage() {
  const [page, setPage] = usePageParam();
  const videos = useVideos(page, VIDEOS_PAGE_SIZE);
  return (
    <div className="posts-page">
      <PostLinks />
      {videos.isPending ? (
        <Loading />
      ) : videos.isError ? (
        <Notice tone="error">{FAILED_TO_LOAD_VIDEOS}</Notice>
      ) : videos.data.videos.length === 0 ? (
        <p className="empty">{NO_VIDEOS_AVAILABLE}</p>
      ) : (
        <>
          <div className="post-cards">
            {videos.data.videos.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <Pager page={page} totalPages={totalPagesOf(videos.data.totalVideos, VIDEOS_PAGE_SIZE)} onPage={setPage} label="Video pages" />
        </>
      )}
    </div>
  );
}
