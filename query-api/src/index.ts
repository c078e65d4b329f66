export { publicReads, queryRouter } from './app';
// query-api as a part of a server: its main.ts and the one-process default serve it.
export { openQueryApi, type QueryApi, type QueryApiOptions } from './service';
// The Cloudlog/Wavelog API's reads, mounted before the JSON parser (decision 0036).
export { cloudlogQueryRouter } from './cloudlog/cloudlog-router';
export type { QueryDeps } from './deps';
// The shared QSO page's title and link preview, put in the client's index.html.
export { qsoPageFromReadModel } from './qso/qso-page-meta';
// The websocket gateway at /ws: attached to the server that serves the reads (query-api), or in a
// process of its own that the one-process default hands the sockets to (decision 0053).
export { attachLiveSocket, type LiveSocket, type LiveSocketOptions } from './live/ws-gateway';
export { onAirCards } from './live/live-cards';
