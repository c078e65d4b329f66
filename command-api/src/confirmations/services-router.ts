import { Router } from 'express';
import {
  SERVICES_PATHS,
  SERVICE_NAMES,
  isSyncedService,
  readConnectionForm,
  type ServiceActionAnswer,
  type SyncedService,
} from '@hamlog/domain';
import { openLotwCertificate } from '@hamlog/infra/confirmations/lotw-certificate';
import { isFailure } from '@hamlog/infra/confirmations/outcome';
import { serviceState } from '@hamlog/infra/confirmations/service-state';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { bodyObject } from '../http/body';

function serviceOf(body: Record<string, unknown>): SyncedService {
  const service = typeof body.service === 'string' ? body.service.trim().toLowerCase() : body.service;
  if (!isSyncedService(service)) throw fieldErrors({ service: ['The service must be one of lotw, qrz, clublog, eqsl.'] });
  return service;
}

/**
 * Settings' connected services: connect (or change the credentials of) a service, disconnect
 * it, and 'Sync now'. Only the signed-in user, for their own account (never an API key session).
 * Credentials are sealed at rest and never answered back.
 */
export function servicesRouter(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = authenticate(deps.sessions, true);
  const { connections, confirmationSync } = deps;
  const now = () => deps.now?.() ?? new Date();
  const answer = async (userId: string, service: SyncedService): Promise<ServiceActionAnswer> => ({
    service: await serviceState(deps.pool, await connections!.get(userId, service), userId, service),
  });

  router.post(SERVICES_PATHS.connect, signedIn, asyncHandler(async (req, res) => {
    if (!connections) throw new HttpError(503, 'Connected services are not available on this server.');
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const service = serviceOf(body);
    const current = await connections.get(userId, service);
    const read = readConnectionForm(service, body, Object.keys(current?.secrets ?? {}));
    if (!read.ok) throw fieldErrors(read.errors);
    const { settings, secrets, autoSync } = read.value;
    if (service === 'lotw' && (secrets.certificate || secrets.certificate_password !== undefined)) {
      const p12 = secrets.certificate ?? current?.secrets.certificate ?? '';
      const opened = openLotwCertificate(Buffer.from(p12, 'base64'), secrets.certificate_password ?? current?.secrets.certificate_password ?? '', now());
      if (isFailure(opened)) throw fieldErrors({ certificate: [opened.reason] });
    }
    await connections.connect(userId, service, settings, secrets, autoSync);
    confirmationSync?.connectionsChanged();
    if (autoSync) await confirmationSync?.syncNow(userId, service);
    res.json(await answer(userId, service));
  }));

  router.post(SERVICES_PATHS.disconnect, signedIn, asyncHandler(async (req, res) => {
    if (!connections) throw new HttpError(503, 'Connected services are not available on this server.');
    const userId = currentUserId(res);
    const service = serviceOf(bodyObject(req));
    await connections.disconnect(userId, service);
    confirmationSync?.connectionsChanged();
    res.json(await answer(userId, service));
  }));

  router.post(SERVICES_PATHS.sync, signedIn, asyncHandler(async (req, res) => {
    if (!connections || !confirmationSync) throw new HttpError(503, 'Connected services are not available on this server.');
    const userId = currentUserId(res);
    const service = serviceOf(bodyObject(req));
    const connection = await connections.get(userId, service);
    if (!connection) throw new HttpError(409, `${SERVICE_NAMES[service]} is not connected. Connect it first.`);
    if (connection.status === 'stopped') throw new HttpError(409, `${connection.lastError ?? `${SERVICE_NAMES[service]} refused HamLog.`} Connect ${SERVICE_NAMES[service]} again with the right details to sync.`);
    await confirmationSync.syncNow(userId, service);
    res.json(await answer(userId, service));
  }));

  return router;
}
