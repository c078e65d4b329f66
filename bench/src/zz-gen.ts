import { randomUUID } from 'node:crypto';
import { decideQso, dedupeKey, normaliseQsoInput, qsoIdFor } from '@hamlog/domain';
import { stationHistory } from './seed-history';
let t = performance.now();
const h = stationHistory(1_000_000);
let n = 0;
const inputs = [];
for (const q of h.qsos()) { inputs.push(q); if (++n >= 100000) break; }
console.log('gen 100k', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
const now = new Date();
const fields = inputs.map((i) => { const r = normaliseQsoInput(i, now); if (!r.ok) throw new Error(JSON.stringify(r.errors)); return r.fields; });
console.log('normalise 100k', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
for (const f of fields) { const id = qsoIdFor(dedupeKey('u', f), 0); decideQso({ type: 'LogQso', data: { qdoId: id, stationUserId: 'u', stationCallsign: 'X', fields: f } }, null); randomUUID(); }
console.log('ids+decide 100k', (performance.now() - t).toFixed(0), 'ms');
console.log(h.calls, fields[5]);
