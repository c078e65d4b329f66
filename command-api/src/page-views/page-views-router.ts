import { Router } from 'express';
import { TOO_MANY_PAGE_VIEWS } from '@hamlog/domain';
import { capped, PAGE_VIEW_LIMITS, pageViewMigrations, recordPageView } from '@hamlog/infra/analytics/page-views';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import type { CommandDeps } from '../deps';
import { bodyObject } from '../http/body';
import { limiter } from '../http/limits';

/** Page views one address may log per minute (a person navigates far slower). */
const VIEWS_PER_MINUTE = 120;

/**
 * POST /log-page-view (public): one row of analytics per navigation, answered 204. The user is
 * the bearer token's, never the body's user_id, so no one can log views in another's name.
 */
export function pageViewsRouter(deps: CommandDeps): Router {
  const router = Router();
  const perAddress = limiter(deps, { name: 'page-views-address', windows: [{ max: VIEWS_PER_MINUTE, windowMs: 60_000 }], refusal: TOO_MANY_PAGE_VIEWS });
  let migrated: Promise<unknown> | null = null;
  const ready = () => (migrated ??= runMigrations(deps.pool, 'analytics', pageViewMigrations).catch((error: unknown) => {
    migrated = null;
    throw error;
  }));

  router.post('/log-page-view', authenticate(deps.sessions, false), asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const pageUrl = capped(body.page_url, PAGE_VIEW_LIMITS.page_url);
    if (!pageUrl) throw fieldErrors({ page_url: ['The page url field is required.'] });
    // Every view counts, its slot taken before it is written.
    await takeSlots(res, [[perAddress, req.ip ?? '']]);
    await ready();
    await recordPageView(deps.pool, {
      userId: (res.locals.userId as string | undefined) ?? null,
      sessionId: capped(body.session_id, PAGE_VIEW_LIMITS.session_id),
      pageUrl,
      utmSource: capped(body.utm_source, PAGE_VIEW_LIMITS.utm_source),
      utmMedium: capped(body.utm_medium, PAGE_VIEW_LIMITS.utm_medium),
      referrerUrl: capped(body.referrer_url, PAGE_VIEW_LIMITS.referrer_url),
    });
    res.status(204).end();
  }));

  return router;
}
