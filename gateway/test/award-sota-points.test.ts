import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AwardCard, AwardCardsAnswer } from '@hamlog/domain/award-tracking/api';
import { importAdifText } from './adif-files';
import { startWithAliceAndBob, type TestServer } from './server-harness';

const SUMMIT_LIST = [
  'SOTA Summits List (Date=29/11/2026)',
  'SummitCode,AssociationName,RegionName,SummitName,AltM,AltFt,GridRef1,GridRef2,Longitude,Latitude,Points,BonusPoints,ValidFrom,ValidTo,ActivationCount,ActivationDate,ActivationCall',
  'W7W/CH-007,"USA - Washington","WA-Chelan","Dragontail Peak",2600,8530,-120.8,47.5,-120.8,47.5,10,3,01/07/2010,31/12/2099,12,01/08/2025,W7XX',
  'G/LD-003,"England","Lake District","Helvellyn",950,3117,-3.0,54.5,-3.0,54.5,8,3,01/03/2002,31/12/2099,900,02/08/2025,G4XX',
].join('\n');

const field = (name: string, value: string) => `<${name}:${value.length}>${value}`;
const qso = (call: string, date: string, time: string, summit: string) =>
  [field('CALL', call), field('QSO_DATE', date), field('TIME_ON', time), field('BAND', '20m'), field('MODE', 'CW'), field('SOTA_REF', summit)].join(' ') + ' <EOR>\n';
/** Dragontail either side of UTC midnight, twice on the second day (one chase), Helvellyn once, and a summit not in the list. */
const LOG =
  'SOTA chases <EOH>\n' +
  qso('W7XX', '20251130', '235500', 'W7W/CH-007') +
  qso('W7YY', '20251201', '000500', 'W7W/CH-007') +
  qso('W7ZZ', '20251201', '010000', 'W7W/CH-007') +
  qso('G4XX', '20251201', '120000', 'G/LD-003') +
  qso('F4XX', '20251201', '130000', 'F/AB-123');

const sota = (answer: AwardCardsAnswer): AwardCard => answer.cards.find((card) => card.id === 'SOTA')!;
const tally = (card: AwardCard, label: string) => card.tallies.find((t) => t.label.startsWith(label))?.worked ?? null;

describe("SOTA chaser points from SOTA's summit list", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((t) => t.stop()));
  });

  async function sotaCard(env: Record<string, string>): Promise<AwardCard> {
    const { t, alice } = await startWithAliceAndBob('K9CTS', env);
    servers.push(t);
    const logged = await importAdifText(t.url, alice, 'sota.adi', LOG);
    expect(logged.failed).toBe(0);
    const res = await alice.get<AwardCardsAnswer>('/awards/progress');
    expect(res.status).toBe(200);
    return sota(res.body);
  }

  it('scores each summit once per UTC day from the list the operator keeps, and says how many summit-days scored nothing', async () => {
    const listFile = join(await mkdtemp(join(tmpdir(), 'hamlog-sota-')), 'summitslist.csv');
    await writeFile(listFile, SUMMIT_LIST);
    const card = await sotaCard({ SOTA_SUMMITS_FILE: listFile });
    expect(card.worked).toBe(3);
    // Dragontail on 30 Nov and on 1 Dec (10 + 10), Helvellyn (8); F/AB-123 is not in the list.
    expect(tally(card, 'Chaser points')).toBe(28);
    expect(tally(card, 'Summit-days without points')).toBe(1);
  });

  it('shows no points without a list', async () => {
    const card = await sotaCard({});
    expect(card.worked).toBe(3);
    expect(tally(card, 'Chaser points')).toBeNull();
  });
});
