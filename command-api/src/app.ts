import { Router } from 'express';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import type { CommandDeps } from './deps';
import { rememberWrites } from './http/answer';
import { ATTACHMENT_PATH, attachmentsRouter } from './qso/attachments-router';
import { qsoRouter } from './qso/qso-router';
import { API_KEY_LOGIN_PATH } from './users/api-key-login-router';
import { CLAIM_CALLSIGN_PATH } from './users/callsign-claims-router';
import { SIGN_OUT_EVERYWHERE_PATH, usersRouter } from './users/users-router';
import { followsRouter } from './follows/follows-router';
import { inboxRouter } from './messages/inbox-router';
import { messagesRouter } from './messages/messages-router';
import { pageViewsRouter } from './page-views/page-views-router';
import { photosRouter } from './photos/photos-router';
import { CLOUDLOG_COMMAND_PATH_PATTERNS, CLOUDLOG_COMMAND_PATHS } from './cloudlog/cloudlog-router';
import { API_KEY_PATHS, apiKeysRouter } from './users/api-keys-router';
import { CONTEST_PATHS, contestsRouter } from './contests/contests-router';
import { QRZ_IMPORT_PATH, qrzRouter } from './qrz/qrz-router';
import { adifExportRouter, EXPORT_PATHS } from './adif-export/adif-export-router';
import { ADIF_IMPORT_PATH, adifImportRouter } from './import/adif-import-router';
import { CHECKOUT_PATH, DONATE_PATH, PAYMENTS_CONFIG_PATH, paymentsRouter, VERIFY_SESSION_PATH } from './payments/payments-router';
import { STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook-router';
import { POST_COMMAND_PATHS, POST_UPDATE_PATH, postsRouter } from './posts/posts-router';

/** Every write call, to be mounted under /api. */
export function commandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(rememberWrites(deps.writePositions, deps.logger, deps.writeActivity && { activity: deps.writeActivity, isWritePath: isCommandPath }));
  // Logging a QSO is the hot path: its router is matched first.
  router.use(qsoRouter(deps), usersRouter(deps));
  router.use(attachmentsRouter(deps, (key) => findUserIdByApiKey(deps.pool, key)));
  router.use(followsRouter(deps), photosRouter(deps), messagesRouter(deps), inboxRouter(deps), pageViewsRouter(deps));
  // The Cloudlog API's writes (/qso, /radio) read their own bodies: cloudlogCommandRouter, mounted apart.
  router.use(apiKeysRouter(deps));
  router.use(contestsRouter(deps));
  router.use(qrzRouter(deps));
  router.use(adifExportRouter(deps));
  router.use(adifImportRouter(deps));
  router.use(paymentsRouter(deps));
  router.use(postsRouter(deps));
  return router;
}

/** Paths served here (the gateway routes them to command-api in the production shape). */
export const COMMAND_PATHS = ['/vregister', '/vlogin', '/vlogout', '/vupdateprofile', '/vsendpin', '/vpinlogin', '/vaddsubaccount', '/vLoginToSubaccount', '/vnewapikey', '/vqso/upsert', '/vqso/update', '/vqso/nuke', '/vqso/restore'];
// The mobile app's sign-in with the API key from the settings' QR code.
COMMAND_PATHS.push(API_KEY_LOGIN_PATH);
COMMAND_PATHS.push(SIGN_OUT_EVERYWHERE_PATH);
// People: follows, photos, direct messages, the inbox (reading it marks it read) and page views.
COMMAND_PATHS.push('/vsetfollowstate', '/vuploadphoto', '/vphotodelete', '/vphotomakedefault', '/vsendmessage', '/vinbox', '/log-page-view');
// The companion apps' Cloudlog/Wavelog API writes (/api/qso, /api/qso/{dryrun}, /api/radio) and read-only API keys.
COMMAND_PATHS.push(...CLOUDLOG_COMMAND_PATHS, ...API_KEY_PATHS);
// Claims to a callsign, with their evidence (decision 0025).
COMMAND_PATHS.push(CLAIM_CALLSIGN_PATH);

// Contests an organiser creates and changes.
COMMAND_PATHS.push(...CONTEST_PATHS);

// The QRZ Logbook import (decision 0038).
COMMAND_PATHS.push(QRZ_IMPORT_PATH);

// ADIF export requests (decision 0035); the jobs list and downloads are reads.
COMMAND_PATHS.push(...EXPORT_PATHS);

// ADIF file imports (decision 0034); an import's progress and report are reads (GET /vimportadif/{id}).
COMMAND_PATHS.push(ADIF_IMPORT_PATH);

// Payments: checkouts, the upgrade page's check and Stripe's webhook (issue 12); the supporters list is a read.
COMMAND_PATHS.push(PAYMENTS_CONFIG_PATH, CHECKOUT_PATH, DONATE_PATH, STRIPE_WEBHOOK_PATH);

// News posts: publish, update, and the form's captcha (checked where it is issued).
COMMAND_PATHS.push(...POST_COMMAND_PATHS);

/** Paths with an id in them that are served here. */
export const COMMAND_PATH_PATTERNS: RegExp[] = [ATTACHMENT_PATH, ...CLOUDLOG_COMMAND_PATH_PATTERNS, POST_UPDATE_PATH, VERIFY_SESSION_PATH];

/** Whether the production gateway sends this /api path to command-api. */
export function isCommandPath(path: string): boolean {
  return COMMAND_PATHS.includes(path) || COMMAND_PATH_PATTERNS.some((pattern) => pattern.test(path));
}
