/**
 * The QSO page's title and link-preview meta, in the HTML the server sends, so a shared
 * /qso/{id} link previews with the QSO and its QSL card. Deleted or unknown QSOs get the plain page.
 */
import { qsoFieldsToApi, qsoShareText, type Qso } from '@hamlog/domain';
import { findQso } from '@hamlog/infra/read-models/logbook/queries';
import { QSL_CARD_HEIGHT, QSL_CARD_WIDTH } from '@hamlog/infra/qsl/qsl-card-svg';
import type { RenderIndex } from '@hamlog/infra/http/app';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { injectPageHead } from './page-head';
import { isPlausibleQdoId } from './qso-id';

export type LoadPublicQso = (qdoId: string) => Promise<Qso | null>;

const QSO_PAGE = /^\/qso\/([^/]+)\/?$/;
const PRODUCT_NAME = 'HamLog';

function qdoIdFromPath(path: string): string | null {
  const raw = QSO_PAGE.exec(path)?.[1];
  if (!raw) return null;
  try {
    const id = decodeURIComponent(raw);
    return isPlausibleQdoId(id) ? id : null;
  } catch {
    return null;
  }
}

/** `publicUrl` (PUBLIC_URL) wins over the request's origin for the absolute links. */
export function qsoPageRenderer(load: LoadPublicQso, publicUrl?: string): RenderIndex {
  const render = async (path: string, html: string, origin: string) => {
    const qdoId = qdoIdFromPath(path);
    if (!qdoId) return html;
    const qso = await load(qdoId);
    if (!qso) return html;
    const base = publicUrl ?? origin;
    const text = qsoShareText(qso);
    const id = encodeURIComponent(qdoId);
    return injectPageHead(html, {
      title: `${text.heading} · ${PRODUCT_NAME}`,
      previewTitle: text.title,
      description: text.description,
      url: `${base}/qso/${id}`,
      image: `${base}/qsl/${id}`,
      imageWidth: QSL_CARD_WIDTH,
      imageHeight: QSL_CARD_HEIGHT,
      siteName: PRODUCT_NAME,
    });
  };
  return Object.assign(render, { appliesTo: (path: string) => qdoIdFromPath(path) !== null });
}

/** The QSO page's head from the logbook read model (query-api renders the client's page, in either shape). */
export function qsoPageFromReadModel(pool: Pool, publicUrl?: string): RenderIndex {
  return qsoPageRenderer(async (qdoId) => {
    const row = await findQso(pool, qdoId);
    return row ? qsoFieldsToApi(row.qdoId, row.stationCallsign, row.fields) : null;
  }, publicUrl);
}
