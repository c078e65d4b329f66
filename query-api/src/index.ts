export { publicReads, queryRouter } from './app';
// The Cloudlog/Wavelog API's reads, mounted before the JSON parser (decision 0036).
export { cloudlogQueryRouter } from './cloudlog/cloudlog-router';
export type { QueryDeps } from './deps';
// The shared QSO page's title and link preview, which the gateway puts in the client's index.html.
export { qsoPageFromQueryApi, qsoPageFromReadModel } from './qso/qso-page-meta';
// The websocket gateway at /ws, attached to whichever server serves the reads.
export { attachLiveSocket, type LiveSocket, type LiveSocketOptions } from './live/ws-gateway';
