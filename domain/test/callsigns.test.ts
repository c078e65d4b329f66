/**
 * Callsign → DXCC entity against real callsigns whose entity is well known. Each line is
 * "ADIF number  entity: calls". All data comes from domain/data (embedded), not from ../shared.
 */
import { describe, expect, it } from 'vitest';
import { resolveCallsign, NO_DXCC_ENTITY } from '../src/dxcc/resolve-callsign';

const TABLE = `
291 United States: W1AW K1TTT N1MM KD2ABC AA1K W3LPL K3LR N6TR WB9Z KC1XYZ AD1C K5ZD N2IC W2GD K9CT NN1N KB1ABC AC0XY W6YX N0AX WA2ABC KG7ABC AB9XY K4ZW NA2AA W7RN N5DX KM4ABC WD8ABC
1 Canada: VE3EJ VA3DX VE7CC VY2ZM VO1MP VE1ABC VE9AA VE2ABC CG3AT VA7ST VE6AO VE5MX VE4EAR VO2AC VE8AA VY1EI
223 England: G3ABC G4BUO M0ABC 2E0ABC G0ABC M1ABC G5RV M7ABC G8ABC G3SXW M6ABC
279 Scotland: GM3ABC MM0ABC 2M0ABC GM4ZUK MM5AJW GM0ABC
294 Wales: GW4ABC MW0ABC 2W0ABC GW0ANA MW1ABC
265 Northern Ireland: GI4ABC MI0ABC 2I0ABC GI0RTN
114 Isle of Man: GD4ABC MD0ABC
122 Jersey: GJ3ABC MJ0ABC
106 Guernsey: GU4ABC MU0ABC
230 Germany: DL1ABC DK2ABC DJ3ABC DF4ABC DO1ABC DA0ABC DB9ABC DC1ABC DD2ABC DG3ABC DH1ABC DM5ABC DL0ABC DK0ABC
227 France: F5ABC F4ABC F6ABC F8ABC TM5ABC F1ABC F5IN
248 Italy: I2ABC IK2ABC IZ1ABC IW3ABC I0ABC IK0ABC IZ4ABC IU2ABC IV3ABC
225 Sardinia: IS0ABC IM0ABC
281 Spain: EA1ABC EA4ABC EB2ABC EC5ABC EA7ABC EA3ABC EA5ABC EA2ABC
21 Balearic Islands: EA6ABC EA6XY
29 Canary Islands: EA8ABC EC8ABC EA8AY
32 Ceuta & Melilla: EA9ABC
272 Portugal: CT1ABC CS2ABC CT2ABC CT7ABC
256 Madeira: CT3ABC CT3MD
149 Azores: CU2ABC CU3ABC CU8AS
224 Finland: OH2ABC OH1ABC OH6ABC OG2ABC OF3ABC OH8ABC
5 Aland Islands: OH0ABC OH0Z
167 Market Reef: OJ0B
284 Sweden: SM5ABC SA0ABC SK3ABC SM0ABC SM7ABC SM6ABC
266 Norway: LA1ABC LB2ABC LA9ABC LA7ABC
259 Svalbard: JW5ABC JW7XY
118 Jan Mayen: JX2ABC
221 Denmark: OZ1ABC OZ5ABC OU2ABC
237 Greenland: OX3ABC OX3XR
222 Faroe Islands: OY1ABC OY9R
503 Czech Republic: OK1ABC OK2ABC OL5ABC
504 Slovak Republic: OM3ABC OM2ABC
269 Poland: SP5ABC SQ9ABC SP9ABC SN7ABC SO9ABC 3Z6ABC
239 Hungary: HA5ABC HG7ABC HA8ABC
275 Romania: YO3ABC YO9ABC YP0ABC
212 Bulgaria: LZ1ABC LZ2ABC
54 European Russia: UA3ABC RA3ABC RK3ABC RZ3ABC RW3ABC RV3ABC UA1ABC UA4ABC UA6ABC R3ABC RN6ABC
15 Asiatic Russia: UA9ABC RA9ABC UA0ABC RW0ABC RK9ABC R9ABC RV0ABC UA9CDC
126 Kaliningrad: UA2FAA RA2FAA UA2FZ
288 Ukraine: UR5ABC UT5ABC US5ABC UX0ABC UY5ABC EM5ABC UW5ABC
27 Belarus: EW1ABC EU1ABC EW8ABC
146 Lithuania: LY2ABC LY5ABC
145 Latvia: YL2ABC YL3ABC
52 Estonia: ES5ABC ES1ABC
336 Israel: 4X4ABC 4Z5ABC 4X6ABC
462 South Africa: ZS6ABC ZS1ABC ZR6ABC ZS5ABC
201 Pr. Edward & Marion: ZS8M ZS8Z
108 Brazil: PY2ABC PP5ABC PU2ABC PY1ABC PT7ABC PR7ABC ZV2ABC
56 Fernando de Noronha: PY0FF PY0FA
253 St. Peter & St. Paul: PY0SA
273 Trindade & Martim Vaz: PY0TA
100 Argentina: LU1ABC LW2ABC LU2ABC LU8ABC
112 Chile: CE3ABC CA3ABC CE2ABC
47 Easter Island: CE0YAA
125 Juan Fernandez: CE0ZAA
339 Japan: JA1ABC JH1ABC JR3ABC JE1ABC 7K1ABC JG1ABC JF1ABC JO1ABC JK1ABC JA9ABC JA0ABC JI1ABC
192 Ogasawara: JD1ABC
150 Australia: VK2ABC VK3ABC VK4ABC VK6ABC VK7ABC VK1ABC VK5ABC
189 Norfolk Island: VK9NS
35 Christmas Island: VK9XX
38 Cocos (Keeling): VK9CZ
147 Lord Howe: VK9LA
170 New Zealand: ZL1ABC ZL2ABC ZL3ABC ZL4ABC ZM1ABC
34 Chatham Islands: ZL7ABC
133 Kermadec: ZL8ABC
110 Hawaii: KH6ABC NH6ABC WH6ABC AH6ABC KH7ABC
6 Alaska: KL7ABC AL7ABC NL7ABC WL7ABC
202 Puerto Rico: KP4ABC NP4ABC WP4ABC
285 US Virgin Islands: KP2ABC NP2ABC WP2ABC
103 Guam: KH2ABC NH2ABC
9 American Samoa: KH8ABC
166 Mariana Islands: KH0ABC
50 Mexico: XE1ABC XE2ABC XE3ABC
204 Revillagigedo: XF4ABC
70 Cuba: CO2ABC CM2ABC CL2ABC
72 Dominican Republic: HI8ABC
78 Haiti: HH2ABC
82 Jamaica: 6Y5ABC
60 Bahamas: C6AABC
62 Barbados: 8P6ABC
90 Trinidad & Tobago: 9Y4ABC
64 Bermuda: VP9ABC
69 Cayman Islands: ZF1ABC
91 Aruba: P40ABC
517 Curacao: PJ2ABC
520 Bonaire: PJ4ABC
518 Sint Maarten: PJ7ABC
519 Saba & St. Eustatius: PJ5ABC
84 Martinique: FM5ABC
79 Guadeloupe: FG5ABC
453 Reunion: FR5ABC
175 French Polynesia: FO5ABC
162 New Caledonia: FK8ABC
63 French Guiana: FY5ABC
277 St. Pierre & Miquelon: FP5ABC
169 Mayotte: FH4ABC
263 Netherlands: PA3ABC PD0ABC PE1ABC PH0ABC PA0ABC
209 Belgium: ON4ABC OO5ABC OP4ABC OT4ABC
254 Luxembourg: LX1ABC
287 Switzerland: HB9ABC HB9DX HE9ABC
251 Liechtenstein: HB0ABC
206 Austria: OE1ABC OE3ABC OE6ABC
245 Ireland: EI2ABC EI7ABC
242 Iceland: TF3ABC
236 Greece: SV1ABC SV2ABC SX1ABC
45 Dodecanese: SV5ABC
40 Crete: SV9ABC
215 Cyprus: 5B4ABC
283 UK Bases on Cyprus: ZC4ABC
257 Malta: 9H1ABC
390 Turkey: TA2ABC TA3ABC TA7ABC
497 Croatia: 9A1ABC 9A2ABC
499 Slovenia: S51ABC S57ABC
296 Serbia: YU1ABC YT1ABC
501 Bosnia-Herzegovina: E71ABC
502 North Macedonia: Z31ABC Z35ABC
514 Montenegro: 4O3A
522 Kosovo: Z60A
7 Albania: ZA1ABC
260 Monaco: 3A2ABC
203 Andorra: C31ABC
278 San Marino: T77ABC
295 Vatican: HV0A
233 Gibraltar: ZB2ABC
179 Moldova: ER1ABC
75 Georgia: 4L1ABC
14 Armenia: EK6ABC
18 Azerbaijan: 4K6ABC 4J5ABC
130 Kazakhstan: UN7ABC
292 Uzbekistan: UK8ABC
135 Kyrgyzstan: EX8ABC
262 Tajikistan: EY8ABC
280 Turkmenistan: EZ8ABC
318 China: BY1ABC BA4ABC BG7ABC BD7ABC BH4ABC
386 Taiwan: BV2ABC BX2ABC
321 Hong Kong: VR2ABC
152 Macao: XX9ABC
137 Republic of Korea: HL1ABC DS5ABC 6K5ABC
344 DPR of Korea: P5ABC
375 Philippines: DU1ABC DV1ABC
327 Indonesia: YB0ABC YC1ABC YD1ABC
387 Thailand: HS0ABC E21ABC
381 Singapore: 9V1ABC
299 West Malaysia: 9M2ABC 9W2ABC
46 East Malaysia: 9M6ABC 9M8ABC
324 India: VU2ABC VU3ABC
11 Andaman & Nicobar: VU4ABC
142 Lakshadweep: VU7ABC
372 Pakistan: AP2ABC
315 Sri Lanka: 4S7ABC
305 Bangladesh: S21ABC
369 Nepal: 9N1ABC
159 Maldives: 8Q7ABC
378 Saudi Arabia: HZ1ABC 7Z1ABC
391 United Arab Emirates: A61ABC
376 Qatar: A71ABC
304 Bahrain: A92ABC
348 Kuwait: 9K2ABC
370 Oman: A41ABC
342 Jordan: JY4ABC
354 Lebanon: OD5ABC
330 Iran: EP2ABC
333 Iraq: YI1ABC
384 Syria: YK1ABC
492 Yemen: 7O2A
478 Egypt: SU1ABC
436 Libya: 5A1A
474 Tunisia: 3V8ABC
400 Algeria: 7X2ABC
446 Morocco: CN8ABC
430 Kenya: 5Z4ABC
470 Tanzania: 5H3ABC
286 Uganda: 5X1ABC
53 Ethiopia: ET3ABC
450 Nigeria: 5N7ABC
424 Ghana: 9G1ABC
456 Senegal: 6W1ABC
464 Namibia: V51ABC
402 Botswana: A22ABC
452 Zimbabwe: Z21ABC
482 Zambia: 9J2ABC
181 Mozambique: C91ABC
438 Madagascar: 5R8ABC
165 Mauritius: 3B8ABC
409 Cape Verde: D44ABC
144 Uruguay: CX2ABC
132 Paraguay: ZP5ABC
104 Bolivia: CP6ABC
136 Peru: OA4ABC
120 Ecuador: HC1ABC
71 Galapagos: HC8ABC
116 Colombia: HK3ABC
148 Venezuela: YV5ABC
88 Panama: HP1ABC
308 Costa Rica: TI2ABC
86 Nicaragua: YN2ABC
80 Honduras: HR1ABC
74 El Salvador: YS1ABC
76 Guatemala: TG9ABC
66 Belize: V31ABC
129 Guyana: 8R1ABC
140 Suriname: PZ1ABC
141 Falkland Islands: VP8LP VP8ABC
13 Antarctica: KC4AAA DP0GVN
246 Sov Mil Order of Malta: 1A0KM
117 ITU HQ: 4U1ITU
289 United Nations HQ: 4U1UN
`;

const cases: [string, number][] = TABLE.trim()
  .split('\n')
  .flatMap((line) => {
    const [head = '', calls = ''] = line.split(':');
    const adif = Number(head.split(' ')[0]);
    return calls.trim().split(/\s+/).map((call): [string, number] => [call, adif]);
  });

describe('resolveCallsign: real callsigns by prefix', () => {
  it('has at least 300 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
  });

  it.each(cases)('%s is ADIF %i', (call, adif) => {
    expect(resolveCallsign(call)?.dxcc).toBe(adif);
  });
});

describe('resolveCallsign: what it returns', () => {
  it('gives country, continent, zones and an east-positive position', () => {
    expect(resolveCallsign('W1AW')).toEqual({
      dxcc: 291,
      country: 'United States of America',
      continent: 'NA',
      cqZone: 5,
      ituZone: 8,
      lat: 37.6,
      lon: -91.87,
    });
    const ja = resolveCallsign('JA1ABC');
    expect(ja).toMatchObject({ dxcc: 339, country: 'Japan', continent: 'AS', cqZone: 25 });
    expect(ja!.lon).toBeGreaterThan(100);
    expect(resolveCallsign('VK2ABC')!.lon).toBeGreaterThan(100);
    expect(resolveCallsign('PY2ABC')!.lon).toBeLessThan(-30);
    expect(resolveCallsign('DL1ABC')).toMatchObject({ lat: 51, lon: 10, continent: 'EU' });
  });

  it('applies per-prefix zone overrides: W0 is CQ zone 4, W6 is CQ zone 3, UA9 zones vary', () => {
    expect(resolveCallsign('W0AIH')).toMatchObject({ dxcc: 291, cqZone: 4, ituZone: 7 });
    expect(resolveCallsign('W6YX')).toMatchObject({ dxcc: 291, cqZone: 3, ituZone: 6 });
    expect(resolveCallsign('W1AW')).toMatchObject({ cqZone: 5 });
    expect(resolveCallsign('VE7CC')).toMatchObject({ dxcc: 1, cqZone: 3 });
    expect(resolveCallsign('UA0ABC')?.cqZone).not.toBe(resolveCallsign('UA9ABC')?.cqZone);
  });

  it('is case- and space-insensitive and rejects garbage', () => {
    expect(resolveCallsign(' dl1abc ')?.dxcc).toBe(230);
    expect(resolveCallsign('')).toBeNull();
    expect(resolveCallsign('///')).toBeNull();
    expect(resolveCallsign('DL1-ABC')).toBeNull();
    expect(resolveCallsign('QQ')).toBeNull();
    expect(resolveCallsign(undefined as unknown as string)).toBeNull();
  });
});

describe('resolveCallsign: exact calls from cty.dat win over prefixes', () => {
  it.each([
    ['3D2C', 489], // Conway Reef; prefix 3D2 is Fiji (176)
    ['3D5X', 176], // Fiji, although 3D5 matches no prefix
    ['9M4SDX', 247], // Spratly; prefix 9M4 is West Malaysia (299)
    ['DX0NE', 247], // Spratly; prefix DX is the Philippines (375)
    ['4U1A', 206], // Vienna Intl Ctr, counted as Austria
    ['C7A', 206],
    ['3Y0J', 24], // Bouvet
    ['3Y0X', 199], // Peter 1
    ['JW0BEA', 259], // Bear Island, counted as Svalbard
    ['K0D/XU', 291], // a US station, not Cambodia
    ['N2NL/MM', 291], // listed exactly, so not 'no entity'
    ['3V8CB/J', 474],
    ['IT9ACJ/I/BO', 248],
    ['TA2AKG/1', 390],
    ['VP8SGK', 235], // South Georgia; prefix VP8 is the Falklands (141)
    ['CE9ABC', 241],
  ])('%s is ADIF %i', (call, adif) => {
    expect(resolveCallsign(call)?.dxcc).toBe(adif);
  });

  it('applies exact-call zone overrides', () => {
    expect(resolveCallsign('AD1C')).toMatchObject({ dxcc: 291, cqZone: 4, ituZone: 7 });
    expect(resolveCallsign('N2NL/MM')).toMatchObject({ dxcc: 291, cqZone: 7 });
    expect(resolveCallsign('7O2A')).toMatchObject({ dxcc: 492, cqZone: 37, ituZone: 48 });
  });
});

describe('resolveCallsign: slash forms', () => {
  it.each([
    ['KH6/W1AW', 110],
    ['W1AW/KH6', 110],
    ['DL/W1AW', 230],
    ['W1AW/DL', 230],
    ['F/G3ABC', 227],
    ['F/G3ABC/P', 227],
    ['EA8/DL1ABC', 29],
    ['DL1ABC/EA8', 29],
    ['VP2E/K1ABC', 12],
    ['OH0/DL1ABC', 5],
    ['HB0/HB9ABC', 251],
    ['PA/ON4ABC', 263],
    ['KL7/W1AW', 6],
    ['W1AW/VE3', 1],
    ['VE3/W1AW/P', 1],
    ['ZL7/ZL1ABC', 34],
    ['3A/DL1ABC', 260],
    ['W1AW/4', 291],
    ['VE3ABC/1', 1],
    ['UA3ABC/9', 15],
    ['R7AA/9', 15],
    ['UA9ABC/3', 54],
    ['JA1ABC/6', 339],
    ['DL1ABC/P', 230],
    ['DL1ABC/M', 230],
    ['G3ABC/QRP', 223],
    ['W1AW/A', 291],
    ['GB2ABC/LH', 223],
    ['DB0ABC/B', 230],
    ['JA1ABC/J', 339],
    ['OH2ABC/PM', 224],
    ['K1ABC/WLK', 291],
  ])('%s is ADIF %i', (call, adif) => {
    expect(resolveCallsign(call)?.dxcc).toBe(adif);
  });

  it('changes only the call area for a single digit', () => {
    expect(resolveCallsign('W1AW/6')).toMatchObject({ dxcc: 291, cqZone: 3 });
    expect(resolveCallsign('W1AW/0')).toMatchObject({ dxcc: 291, cqZone: 4 });
  });

  it('gives no entity (dxcc 0) for maritime and aeronautical mobile', () => {
    for (const call of ['W1AW/MM', 'DL1ABC/MM', 'G3ABC/AM', 'JA1ABC/AM', 'K1ABC/MM/QRP']) {
      expect(resolveCallsign(call), call).toEqual(NO_DXCC_ENTITY);
    }
    // MM as a prefix (Scotland) is not maritime mobile
    expect(resolveCallsign('MM/DL1ABC')?.dxcc).toBe(279);
  });
});

describe('resolveCallsign: WAE-only entities count under their DXCC', () => {
  it.each([
    ['IT9ABC', 248, 'Italy', 'Sicily'],
    ['IW9ABC', 248, 'Italy', 'Sicily'],
    ['IG9ABC', 248, 'Italy', 'African Italy'],
    ['GM0AVR', 279, 'Scotland', 'Shetland Islands'],
    ['GM0AVR/P', 279, 'Scotland', 'Shetland Islands'],
    ['4U1VIC', 206, 'Austria', 'Vienna Intl Ctr'],
    ['TA1ABC', 390, 'Turkey', 'European Turkey'],
    ['JW0BEA', 259, 'Svalbard', 'Bear Island'],
  ])('%s is ADIF %i (%s), WAE %s', (call, adif, country, wae) => {
    expect(resolveCallsign(call)).toMatchObject({ dxcc: adif, country, waeEntity: wae });
  });

  it('keeps the WAE entity’s own continent and zones (African Italy is AF)', () => {
    expect(resolveCallsign('IG9ABC')).toMatchObject({ continent: 'AF', cqZone: 33 });
    expect(resolveCallsign('TA1ABC')).toMatchObject({ continent: 'EU' });
    expect(resolveCallsign('TA2ABC')).toMatchObject({ continent: 'AS', country: 'Turkey' });
    expect(resolveCallsign('TA2ABC')?.waeEntity).toBeUndefined();
  });
});
