import { Router, type NextFunction, type Request, type Response } from 'express';
import {
  ADMIN_ONLY,
  ADMIN_STATS_DEFAULT_DAYS,
  ADMIN_TOP_ENTITIES,
  adminStatsWindow,
  daysOf,
  dxccEntity,
  revenueEstimate,
  type AdminStatsAnswer,
  type AdminUsersAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { adminUserCounts, isAdminUser, newestUsers, newUsersPerDay } from '@hamlog/infra/read-models/admin/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * The admin calls: POST /vadmin/users (the cards and the newest accounts) and POST /vadmin/stats
 * {days?} (the platform per day, top entities). Unlike the specification's guard (a user only),
 * the server answers administrators alone (AdminRoleGranted, `npm run admin -- grant CALL`):
 * 401 for visitors, 403 for everybody else.
 */
export function adminRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const adminsOnly = [
    authenticate(deps.sessions, true),
    readYourWrites(deps, ['users']),
    (_req: Request, res: Response, next: NextFunction) => {
      isAdminUser(deps.pool, currentUserId(res))
        .then((admin) => next(admin ? undefined : new HttpError(403, ADMIN_ONLY)))
        .catch(next);
    },
  ];
  const noStore = (res: Response) => res.setHeader('cache-control', 'private, no-store');

  router.post('/vadmin/users', ...adminsOnly, asyncHandler(async (_req, res) => {
    const at = now();
    const [counts, users] = await Promise.all([adminUserCounts(deps.pool, at), newestUsers(deps.pool, at)]);
    const revenue = revenueEstimate(counts.payingAccounts);
    const answer: AdminUsersAnswer = {
      users,
      new_today: counts.newToday,
      new_this_week: counts.newThisWeek,
      new_this_month: counts.newThisMonth,
      total_profiles: counts.totalProfiles,
      paying_accounts: counts.payingAccounts,
      monthly_revenue: revenue.monthly,
      annual_revenue: revenue.annual,
      currency: 'GBP',
    };
    noStore(res);
    res.json(answer);
  }));

  router.post('/vadmin/stats', ...adminsOnly, asyncHandler(async (req, res) => {
    const asked = Number((req.body as { days?: unknown } | undefined)?.days ?? req.query.days ?? ADMIN_STATS_DEFAULT_DAYS);
    const { from, to } = adminStatsWindow(now(), asked);
    const [newUsers, platformDays, top] = await Promise.all([
      newUsersPerDay(deps.pool, from, to),
      deps.platformStats.days(from, to),
      deps.platformStats.topEntities(ADMIN_TOP_ENTITIES),
    ]);
    const byDay = new Map(platformDays.map((d) => [d.day, d]));
    const answer: AdminStatsAnswer = {
      days: daysOf(from, to).map((day) => ({
        day,
        new_users: newUsers.get(day) ?? 0,
        qsos: byDay.get(day)?.qsos ?? 0,
        active_stations: byDay.get(day)?.activeStations ?? 0,
      })),
      top_entities: top.map((e) => ({ dxcc: e.dxcc, name: dxccEntity(e.dxcc)?.name ?? `DXCC ${e.dxcc}`, qsos: e.qsos })),
    };
    noStore(res);
    res.json(answer);
  }));
  return router;
}
