import type { SyncedService } from '@hamlog/domain';
import type { Config } from '@hamlog/infra/config/config';
import { ClubLogClient } from '@hamlog/infra/confirmations/clublog-client';
import { EqslClient } from '@hamlog/infra/confirmations/eqsl-client';
import { LotwClient } from '@hamlog/infra/confirmations/lotw-client';
import { QrzLogbookSyncClient } from '@hamlog/infra/confirmations/qrz-logbook-sync-client';
import { clublogSync } from './clublog-sync';
import { eqslSync } from './eqsl-sync';
import { lotwSync } from './lotw-sync';
import { qrzSync } from './qrz-sync';
import type { ServiceSync } from './service-sync';

export interface ServiceSyncOptions {
  /** Between QRZ's one-QSO calls (tests shorten it). */
  qrzCallGapMs?: number;
}

/** Each service's sync at the addresses the configuration names (tests point them at local fakes). */
export function serviceSyncs(config: Pick<Config, 'qrzLogbookUrl' | 'confirmations'>, options: ServiceSyncOptions = {}): Readonly<Record<SyncedService, ServiceSync>> {
  const { lotwUrl, clublogUrl, clublogApiKey, eqslUrl } = config.confirmations;
  return {
    lotw: lotwSync(new LotwClient({ baseUrl: lotwUrl })),
    // The QRZ import's setting names the API itself (…/api); the sync client adds /api to the site.
    qrz: qrzSync(new QrzLogbookSyncClient({ baseUrl: config.qrzLogbookUrl.replace(/\/api\/?$/, '') }), options.qrzCallGapMs),
    clublog: clublogSync(new ClubLogClient({ baseUrl: clublogUrl }), clublogApiKey),
    eqsl: eqslSync(new EqslClient({ baseUrl: eqslUrl })),
  };
}
