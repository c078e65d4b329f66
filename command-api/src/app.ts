import { Router } from 'express';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import type { CommandDeps } from './deps';
import { rememberWrites } from './http/answer';
import { ownPaths } from './http/own-paths';
import { attachmentsRouter } from './qso/attachments-router';
import { qsoRouter } from './qso/qso-router';
import { usersRouter } from './users/users-router';
import { followsRouter } from './follows/follows-router';
import { inboxRouter } from './messages/inbox-router';
import { messagesRouter } from './messages/messages-router';
import { pageViewsRouter } from './page-views/page-views-router';
import { photosRouter } from './photos/photos-router';
import { apiKeysRouter } from './users/api-keys-router';
import { contestsRouter } from './contests/contests-router';
import { qrzRouter } from './qrz/qrz-router';
import { servicesRouter } from './confirmations/services-router';
import { adifExportRouter } from './adif-export/adif-export-router';
import { ADIF_IMPORT_PATH, adifImportRouter } from './import/adif-import-router';
import { paymentsRouter } from './payments/payments-router';
import { postsRouter } from './posts/posts-router';

/** Every write call, to be mounted under /api. */
export function commandRouter(deps: CommandDeps): Router {
  const router = Router();
  const isWritePath = ownPaths(router);
  // An upload starts an import that yields to the other writes (import-pacing.ts): it is not one of them.
  const paced = (path: string) => path !== ADIF_IMPORT_PATH && isWritePath(path);
  // Each write wakes the writer's automatic confirmation services a little later (never in the request's way).
  const wakeSync = deps.confirmationSync && ((userId: string) => deps.confirmationSync!.noteWrite(userId));
  router.use(rememberWrites(deps.writePositions, deps.logger, deps.writeActivity && { activity: deps.writeActivity, isWritePath: paced }, wakeSync));
  // Logging a QSO is the hot path: its router is matched first.
  router.use(qsoRouter(deps), usersRouter(deps));
  router.use(attachmentsRouter(deps, (key) => findUserIdByApiKey(deps.pool, key)));
  router.use(followsRouter(deps), photosRouter(deps), messagesRouter(deps), inboxRouter(deps), pageViewsRouter(deps));
  // The Cloudlog API's writes (/qso, /radio) read their own bodies: cloudlogCommandRouter, mounted apart.
  router.use(apiKeysRouter(deps));
  router.use(contestsRouter(deps));
  router.use(qrzRouter(deps));
  router.use(servicesRouter(deps));
  router.use(adifExportRouter(deps));
  router.use(adifImportRouter(deps));
  router.use(paymentsRouter(deps));
  router.use(postsRouter(deps));
  return router;
}
