import type { ServerResponse } from 'node:http';
import { Router, type Request } from 'express';
import { NEWS_PAGE_SIZE, PostNotFoundError, type NewsAnswer, type Post, type VideosAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { singleValue, type FastRoute } from '@hamlog/infra/http/fast-lane';
import { JSON_TYPE, sendPrepared } from '@hamlog/infra/http/prepared-answer';
import { postById, postsPage } from '@hamlog/infra/read-models/posts/queries';
import type { QueryDeps } from '../deps';
import { mayWaitForWrites, readYourWrites } from '../http/read-your-writes';
import { NewsCache } from './news-cache';

const MAX_PAGE = 100_000;
const MAX_SIZE = 50;

/** A whole number from the body or query, clamped to [1, max]; `fallback` when absent or not a number. */
function wholeNumber(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(n)));
}

function pageOf(from: (name: string) => unknown): { page: number; size: number } {
  return { page: wholeNumber(from('page'), 1, MAX_PAGE), size: wholeNumber(from('size'), NEWS_PAGE_SIZE, MAX_SIZE) };
}

function pageOfRequest(req: Request): { page: number; size: number } {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return pageOf((name) => body[name] ?? req.query[name]);
}

const LISTINGS = { '/api/vnews': 'news', '/api/vvideos': 'videos' } as const;

/** A listing is the same for every reader: kept, and asked again with its ETag each time (not the /api default, no-store). */
const revalidateEachTime = (res: ServerResponse) => void res.setHeader('Cache-Control', 'no-cache');

/**
 * The public news reads (no sign-in): /vnews {page, size} → {posts, totalPosts}, /vvideos →
 * {videos, totalVideos} (posts with a YouTube video), /vpost/{id} and /vpostget/{id} → the post
 * with its author. POST as the specification has them, GET too (cacheable links, the benchmark).
 * `fast` serves a visitor's GET of /vnews and /vvideos ahead of express (fast-lane.ts).
 */
export function postsRoutes(deps: QueryDeps): { router: Router; fast: FastRoute } {
  const router = Router();
  const fresh = readYourWrites(deps, ['posts']);
  const cache = new NewsCache(deps.progress, 'posts');

  /** A page of /vnews, or of /vvideos (the posts with a video), as sent. */
  const listing = (kind: 'news' | 'videos', { page, size }: { page: number; size: number }) =>
    cache.answer(`${kind}:${page}:${size}`, async () => {
      const { posts, total } = await postsPage(deps.pool, page, size, kind === 'videos');
      return kind === 'videos' ? ({ videos: posts, totalVideos: total } satisfies VideosAnswer) : ({ posts, totalPosts: total } satisfies NewsAnswer);
    });
  const listingHandler = (kind: 'news' | 'videos') =>
    asyncHandler(async (req, res) => {
      const answer = await listing(kind, pageOfRequest(req));
      revalidateEachTime(res);
      sendPrepared(req, res, answer, JSON_TYPE);
    });
  const post = asyncHandler(async (req, res) => {
    const id = String(req.params.id);
    const found: Post | null = /^[0-9a-f]{24}$/.test(id) ? await postById(deps.pool, id) : null;
    if (!found) throw new PostNotFoundError();
    res.json(found);
  });

  const news = listingHandler('news');
  const videos = listingHandler('videos');
  for (const method of ['get', 'post'] as const) {
    router[method]('/vnews', fresh, news);
    router[method]('/vvideos', fresh, videos);
    router[method](['/vpost/:id', '/vpostget/:id'], fresh, post);
  }
  const fast: FastRoute = (request) => {
    const kind = LISTINGS[request.path as keyof typeof LISTINGS];
    if (!kind || mayWaitForWrites(request.req.headers, request.query.has('key'))) return undefined;
    return async () => ({ answer: await listing(kind, pageOf((name) => singleValue(request.query, name))), contentType: JSON_TYPE, headers: revalidateEachTime });
  };
  return { router, fast };
}
