/** Answers of the award tracker's API, typed by the domain's wire types, for tests and the screenshot harness. */
import type {
  AwardCard,
  AwardCardsAnswer,
  AwardMapAnswer,
  AwardNeededAnswer,
  AwardPageAnswer,
  AwardRow,
} from '@hamlog/domain/award-tracking/api';
import { trackedAward, TRACKED_AWARDS, type TrackedAwardId } from '@hamlog/domain/award-tracking/catalogue';

/** An award's card as the server answers it: the catalogue's facts, counts from `patch`. */
export function awardCard(id: TrackedAwardId, patch: Partial<AwardCard> = {}): AwardCard {
  const { bands: _bands, accepted, ...facts } = trackedAward(id)!;
  return { ...facts, accepted: [...accepted], sources: [...accepted], worked: 0, confirmed: 0, tallies: [], ...patch };
}

export const DXCC_CARD = awardCard('DXCC', {
  worked: 132,
  confirmed: 97,
  tallies: [
    { label: 'Mixed', worked: 132, confirmed: 97, goal: 100 },
    { label: 'CW', worked: 88, confirmed: 61, goal: 100 },
    { label: 'Phone', worked: 70, confirmed: 40, goal: 100 },
    { label: 'Digital', worked: 101, confirmed: 80, goal: 100 },
    { label: '20m', worked: 120, confirmed: 95, goal: 100 },
    { label: '40m', worked: 64, confirmed: 33, goal: 100 },
    { label: 'Challenge (band-entities, 160–6 m)', worked: 402, confirmed: 310, goal: 1000 },
    { label: 'Including deleted entities', worked: 134, confirmed: 98, goal: null },
  ],
});

export const VUCC_CARD = awardCard('VUCC', {
  worked: 52,
  confirmed: 45,
  tallies: [
    { label: '6m', worked: 48, confirmed: 41, goal: 100 },
    { label: '2m', worked: 9, confirmed: 6, goal: 100 },
  ],
});

export const POTA_CARD = awardCard('POTA', { sources: [], worked: 14, confirmed: 14, tallies: [] });

/** Every award, the three above with counts and the rest at nothing. */
export const CARDS_ANSWER: AwardCardsAnswer = {
  callsign: 'PA3XYZ',
  cards: TRACKED_AWARDS.map((award) => [DXCC_CARD, VUCC_CARD, POTA_CARD].find((card) => card.id === award.id) ?? awardCard(award.id)),
};

/** A log without QSOs: every card at zero. */
export const EMPTY_CARDS_ANSWER: AwardCardsAnswer = { callsign: 'PA3XYZ', cards: TRACKED_AWARDS.map((award) => awardCard(award.id)) };

function row(value: string, label: string, note: string, state: AwardRow['state'], cells: AwardRow['cells'], why: string): AwardRow {
  const qsos = Object.keys(cells).length * 2;
  return { value, label, note, state, qsos, confirmed_by: state === 'confirmed' ? { lotw: 1 } : {}, why, cells };
}

export const DXCC_PAGE: AwardPageAnswer = {
  callsign: 'PA3XYZ',
  card: DXCC_CARD,
  mode: '',
  status: '',
  columns: [
    { band: '20m', worked: 120, confirmed: 95, goal: null },
    { band: '40m', worked: 64, confirmed: 33, goal: null },
  ],
  rows: [
    row('339', 'Japan', 'JA · AS', 'confirmed', { '20m': 'C', '40m': 'W' }, 'Confirmed by LoTW on 20m.'),
    row('230', 'Fed. Rep. of Germany', 'DL · EU', 'worked', { '40m': 'W' }, 'Worked on 40m; no LoTW or paper confirmation yet.'),
    row('7', 'Albania', 'ZA · EU', 'needed', {}, 'Not worked yet.'),
  ],
  total_rows: 1234,
  offset: 0,
  limit: 500,
  excluded: [{ reason: 'relay', text: '3 QSOs not credited: made through a repeater or the internet.', qsos: 3 }],
};

export const VUCC_PAGE: AwardPageAnswer = {
  ...DXCC_PAGE,
  card: VUCC_CARD,
  columns: [
    { band: '6m', worked: 48, confirmed: 41, goal: 100 },
    { band: '2m', worked: 9, confirmed: 6, goal: 100 },
  ],
  rows: [row('FN31', 'FN31', '', 'confirmed', { '6m': 'C' }, 'Confirmed by LoTW on 6m.')],
  total_rows: 1,
  excluded: [],
};

export const VUCC_MAP: AwardMapAnswer = {
  card: VUCC_CARD,
  band: '6m',
  states: { confirmed: ['EM29', 'FN31'], worked: ['FN42', 'JO22'], needed: [] },
  places: [],
};

export const DXCC_MAP: AwardMapAnswer = {
  card: DXCC_CARD,
  band: '',
  states: { confirmed: ['100', '339'], worked: ['230'], needed: ['7'] },
  places: [
    { value: '339', label: 'Japan', lat: 36, lon: 138 },
    { value: '230', label: 'Fed. Rep. of Germany', lat: 51, lon: 10 },
    { value: '7', label: 'Albania', lat: 41, lon: 20 },
    { value: '100', label: 'Argentina', lat: -34, lon: -64 },
  ],
};

export const DXCC_NEEDED: AwardNeededAnswer = {
  card: DXCC_CARD,
  band: '',
  mode: '',
  values: [
    {
      value: '230',
      label: 'Fed. Rep. of Germany',
      qsos: [
        {
          qdo_id: 'q-dl1abc',
          ts: '2026-10-30T18:22:00Z',
          call: 'DL1ABC',
          band: '40m',
          mode: 'CW',
          services: [
            { service: 'lotw', state: 'sent', text: 'Uploaded to LoTW on 2026-11-02: waiting for the other station' },
            { service: 'paper', state: 'not-sent', text: 'No paper card sent: queue one from the logbook' },
          ],
        },
      ],
    },
  ],
  total_values: 35,
};
