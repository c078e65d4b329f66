import { Router, type Request } from 'express';
import { NEWS_PAGE_SIZE, PostNotFoundError, type NewsAnswer, type Post, type VideosAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { postById, postsPage } from '@hamlog/infra/read-models/posts/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';
import { sendPrepared } from '../http/prepared-answer';
import { NewsCache } from './news-cache';

const MAX_PAGE = 100_000;
const MAX_SIZE = 50;

/** A whole number from the body or query, clamped to [1, max]; `fallback` when absent or not a number. */
function wholeNumber(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(n)));
}

function pageOf(req: Request): { page: number; size: number } {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const from = (name: string) => body[name] ?? req.query[name];
  return { page: wholeNumber(from('page'), 1, MAX_PAGE), size: wholeNumber(from('size'), NEWS_PAGE_SIZE, MAX_SIZE) };
}

/**
 * The public news reads (no sign-in): /vnews {page, size} → {posts, totalPosts}, /vvideos →
 * {videos, totalVideos} (posts with a YouTube video), /vpost/{id} and /vpostget/{id} → the post
 * with its author. POST as the specification has them, GET too (cacheable links, the benchmark).
 */
export function postsRouter(deps: QueryDeps): Router {
  const router = Router();
  const fresh = readYourWrites(deps, ['posts']);
  const cache = new NewsCache(deps.progress, 'posts');

  /** A page of /vnews, or of /vvideos (the posts with a video). */
  const listing = (kind: 'news' | 'videos') =>
    asyncHandler(async (req, res) => {
      const { page, size } = pageOf(req);
      const body = await cache.answer(`${kind}:${page}:${size}`, async () => {
        const { posts, total } = await postsPage(deps.pool, page, size, kind === 'videos');
        return kind === 'videos' ? ({ videos: posts, totalVideos: total } satisfies VideosAnswer) : ({ posts, totalPosts: total } satisfies NewsAnswer);
      });
      sendPrepared(req, res, body, 'application/json');
    });
  const post = asyncHandler(async (req, res) => {
    const id = String(req.params.id);
    const found: Post | null = /^[0-9a-f]{24}$/.test(id) ? await postById(deps.pool, id) : null;
    if (!found) throw new PostNotFoundError();
    res.json(found);
  });

  const news = listing('news');
  const videos = listing('videos');
  for (const method of ['get', 'post'] as const) {
    router[method]('/vnews', fresh, news);
    router[method]('/vvideos', fresh, videos);
    router[method](['/vpost/:id', '/vpostget/:id'], fresh, post);
  }
  return router;
}
