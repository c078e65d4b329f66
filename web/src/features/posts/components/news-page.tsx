import { useSearchParams } from 'react-router-dom';
import { FAILED_TO_LOAD_NEWS, FAILED_TO_LOAD_VIDEOS, NO_POSTS_AVAILABLE, NO_VIDEOS_AVAILABLE, POST_UPDATED_BANNER } from '@hamlog/domain/messages';
import { NEWS_PAGE_SIZE, VIDEOS_PAGE_SIZE } from '@hamlog/domain/posts/validation';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { useNews, useVideos, type Post } from '../api/posts';
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

/** What differs between the news and the videos: the page size, the messages and the pager's name. */
const NEWS = { size: NEWS_PAGE_SIZE, failed: FAILED_TO_LOAD_NEWS, empty: NO_POSTS_AVAILABLE, pager: 'News pages' };
const VIDEOS = { size: VIDEOS_PAGE_SIZE, failed: FAILED_TO_LOAD_VIDEOS, empty: NO_VIDEOS_AVAILABLE, pager: 'Video pages' };

interface PagedPostsProps {
  list: typeof NEWS;
  /** The page's query's status; `posts` and `total` are its answer. */
  status: 'pending' | 'error' | 'success';
  posts: readonly Post[];
  total: number;
  page: number;
  onPage: (page: number) => void;
}

/** One page of cards and the pager, or the query's loading, failure or empty state. */
function PagedPosts({ list, status, posts, total, page, onPage }: PagedPostsProps) {
  if (status === 'pending') return <Loading />;
  if (status === 'error') return <Notice tone="error">{list.failed}</Notice>;
  if (posts.length === 0) return <p className="empty">{list.empty}</p>;
  return (
    <>
      <div className="post-cards">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      <Pager page={page} totalPages={totalPagesOf(total, list.size)} onPage={onPage} label={list.pager} />
    </>
  );
}

/** /news: cards, 12 to a page; ?updated=true shows that a saved post is on its way. */
export function NewsPage() {
  const [search] = useSearchParams();
  const [page, setPage] = usePageParam();
  const news = useNews(page, NEWS.size);
  return (
    <div className="posts-page">
      {search.get('updated') === 'true' ? <Notice tone="success">{POST_UPDATED_BANNER}</Notice> : null}
      <PostLinks />
      <PagedPosts list={NEWS} status={news.status} posts={news.data?.posts ?? []} total={news.data?.totalPosts ?? 0} page={page} onPage={setPage} />
    </div>
  );
}

/** /ham-radio-videos: the posts with a video, 12 to a page, with a description snippet. */
export function VideosPage() {
  const [page, setPage] = usePageParam();
  const videos = useVideos(page, VIDEOS.size);
  return (
    <div className="posts-page">
      <PostLinks />
      <PagedPosts list={VIDEOS} status={videos.status} posts={videos.data?.videos ?? []} total={videos.data?.totalVideos ?? 0} page={page} onPage={setPage} />
    </div>
  );
}
