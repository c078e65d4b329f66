/**
 * Callsign → DXCC entity for real stations: each call below is an actual callsign (contest,
 * club and DXpedition stations, almost all of them in the Super Check Partial list), with the
 * ADIF entity its operators log it under. Lines are "ADIF name: calls". Beside them, the slash
 * forms and special rules applied to real calls, and the per-entry overrides cty.dat may carry.
 */
import { describe, expect, it } from 'vitest';
import { buildDxccDatabase } from '../src/dxcc/database';
import { NO_DXCC_ENTITY, resolveCallsign, resolveCallsignIn } from '../src/dxcc/resolve-callsign';

const REAL_CALLS = `
291 United States of America: W1AW K1TTT K3LR W3LPL N1MM K5ZD K1AR N2IC K9CT N6TR W6YX K6XX N5DX K1DG K4ZW W9RE N0AX K0RF K1JT W8JI AD1C WW2DX K1LZ N2NT W0AIH KG4ADJ KG4BIG AA3B NN3W K3ZO KB1H W2RE KC1XX N8BJQ K2LE W4RM
1 Canada: VE3EJ VE7CC VY2ZM VE2IM VE9AA VE3NE VE6AO VE5MX VE3RZ VA7ST VO1MP VE3AT VE7SV VA3DF
223 England: G4BUO G3SXW M6T G5RV G4DDL G3WVG
279 Scotland: GM3POI GM4ZUK GM0AVR GM3WOJ GM7V
294 Wales: GW0GEI
265 Northern Ireland: GI0RTN
114 Isle of Man: MD0CCE
122 Jersey: GJ2A
106 Guernsey: GU4YOX MU0FAL
230 Fed. Rep. of Germany: DF0HQ DR1A DJ5MW DL8WAA DK8ZZ DA0HQ DL6FBL DH8BQA DM5TI DL2CC DL1IAO
227 France: F5IN F6ARC F5VHY F4DXW F8BBL TM2Y F6KOP
248 Italy: I2WIJ IK2QEI IR4X IZ1LBG IK4UPB IZ5EKV IQ4FA II9P
225 Sardinia: IS0AGY
281 Spain: EA4URE EA3NY EE2A ED4R EA2AA
21 Balearic Islands: EA6SX
29 Canary Islands: EA8RM EF8R EA8OM EA8AY
32 Ceuta & Melilla: EA9EU
272 Portugal: CT1BOH CS2C CT1ILT
256 Madeira Islands: CR3W CT3KN
149 Azores: CU2AF CU3AC CU8AS
224 Finland: OH2BH OH8X OH6NIO OH1VR OG6N OH1NOA
5 Aland Islands: OH0X OH0Z OH0V
167 Market Reef: OJ0B
284 Sweden: SK3W SM2EKM
266 Norway: LN8W LA7THA LB1GB
259 Svalbard: JW5E
118 Jan Mayen: JX2US
221 Denmark: OZ1AA OZ5E OU2I OZ8AE
237 Greenland: OX3XR OX3LX
222 Faroe Islands: OY1CT
503 Czech Republic: OL4A OK1FPS OK2ZA OK5D
504 Slovak Republic: OM7M OM3GI OM2VL OM5M
269 Poland: SP9KR SP3GEM SQ9IDE SO2R SP5ENA 3Z0X
239 Hungary: HG1S HA8JV HA1DAE HA6NL HA3NU
275 Romania: YR0HQ YO9HP YO8WW
212 Bulgaria: LZ9W LZ2HR LZ5R
54 European Russia: RU1A UA3AB RT4W
15 Asiatic Russia: RA0FF R0AA
288 Ukraine: UT5UGR UX1UA UZ2M
27 Belarus: EW8DX
146 Lithuania: LY7Z LY5W LY4L
145 Latvia: YL2SW
52 Estonia: ES9C ES5TV ES2DJ
336 Israel: 4X6TT 4Z5LA 4X1VF
462 South Africa: ZS1A ZS6CCY ZS4TX
201 Pr. Edward & Marion Is.: ZS8Z
108 Brazil: PY2YU PY5EG ZW5B PP5JR PU2WDX
100 Argentina: LU8DPM LW7DX
112 Chile: CE3CT
339 Japan: JH4UYB JA3YBK JE1CKA JA7NVF JF2QNM
192 Ogasawara: JD1BMH
137 Republic of Korea: HL1VAU
318 China: BA4TB BD7MQ
386 Taiwan: BV1EK BX2AB
321 Hong Kong: VR2XMT VR2ZQZ
375 Philippines: DU1IST DU3LA
327 Indonesia: YB0ECT
387 Thailand: HS0ZDX E21EIC
381 Singapore: 9V1YC
299 West Malaysia: 9M2TO
46 East Malaysia: 9M8DEN 9M6NA
324 India: VU2PTT VU3NXI
315 Sri Lanka: 4S7AB
369 Nepal: 9N1AA
110 Hawaii: NH6V KH7M AH6NF WH6R
6 Alaska: KL7RA WL7E
202 Puerto Rico: NP4A KP3Z
285 US Virgin Islands: KP2M
103 Guam: KH2L
166 Mariana Islands: KH0W
50 Mexico: XE1KK XE2X
70 Cuba: CO8LY CO2GL CM2XN
60 Bahamas: C6ANM
62 Barbados: 8P5A
90 Trinidad & Tobago: 9Y4D 9Z4BM
64 Bermuda: VP9I
69 Cayman Islands: ZF1A ZF2MJ
91 Aruba: P40W P40A P40L
517 Curacao: PJ2T PJ2ND
520 Bonaire: PJ4A PJ4G
518 Sint Maarten: PJ7AA
94 Antigua & Barbuda: V26B V26K
84 Martinique: FM5BH TO5A
79 Guadeloupe: FG8OJ
162 New Caledonia: FK8GM
63 French Guiana: FY5KE
263 Netherlands: PA3AAV PI4CC PE1HWO PA0AA PD0AG PB2T PA1AW
209 Belgium: ON4UN OT5A ON4IA OP4K
254 Luxembourg: LX1NO LX7I
287 Switzerland: HB9DX HB9AMO
251 Liechtenstein: HB0DX
206 Austria: OE6MBG OE3DIA OE2S
245 Ireland: EI7M EI9JU EI7CC
242 Iceland: TF3CW TF3AO TF2MSN
236 Greece: SV1DPI SV2HXX SZ1A
45 Dodecanese: SV5DKL
40 Crete: SV9CVY
215 Cyprus: C4N P33W
283 UK Base Areas on Cyprus: ZC4A
257 Malta: 9H1A
390 Turkey: TA7I
497 Croatia: 9A1A 9A5W 9A1P 9A7A
499 Slovenia: S53M S59ABC S51DX
296 Serbia: YT1AD YU1DW YT7A
501 Bosnia-Herzegovina: E7DX E70A
502 North Macedonia: Z35T Z33F
514 Montenegro: 4O3A 4O4A
522 Republic of Kosovo: Z60A Z66BCC
7 Albania: ZA1EM
260 Monaco: 3A2MW
203 Andorra: C37N C31CT
278 San Marino: T77C
233 Gibraltar: ZB2X
179 Moldova: ER3DX
75 Georgia: 4L0A 4L8A 4L2M
14 Armenia: EK3GM
18 Azerbaijan: 4K9W
130 Kazakhstan: UN9L UN7LZ UP0L
292 Uzbekistan: UK9AA
262 Tajikistan: EY8MM EY7AD
378 Saudi Arabia: HZ1SK HZ1TT 7Z1SJ
391 United Arab Emirates: A65BP A61QQ
376 Qatar: A71BX
348 Kuwait: 9K2HN
370 Oman: A41KJ
354 Lebanon: OD5ZZ OD5PY
478 Egypt: SU1SK
436 Libya: 5A1AL
474 Tunisia: 3V8BB 3V8SS
446 Morocco: CN3A CN2R CN8KD
482 Zambia: 9J2BO
464 Namibia: V55Y
165 Mauritius: 3B8BAP
409 Cape Verde: D4C
144 Uruguay: CX6VM CX7SS
104 Bolivia: CP4BT
136 Peru: OA4SS OA4O
120 Ecuador: HC2AO
71 Galapagos Islands: HC8N
308 Costa Rica: TI2CC
76 Guatemala: TG9ANF TG9AJR
66 Belize: V31MA
129 Guyana: 8R1AK
140 Suriname: PZ5RA
141 Falkland Islands: VP8LP VP8NO
13 Antarctica: KC4AAA
246 Sov Mil Order of Malta: 1A0KM
117 ITU HQ: 4U1ITU
289 United Nations HQ: 4U1UN
206 Austria: 4U1A 4U1VIC
248 Italy: IT9BLB IT9YRE
279 Scotland: GM0AVR
259 Svalbard: JW0BEA
`;

const cases: [string, number][] = REAL_CALLS.trim()
  .split('\n')
  .flatMap((line) => {
    const [head = '', calls = ''] = line.split(':');
    const adif = Number(head.split(' ')[0]);
    return calls.trim().split(/\s+/).map((call): [string, number] => [call, adif]);
  });

describe('resolveCallsign: real stations', () => {
  it('has at least 300 of them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
  });

  it.each(cases)('%s is ADIF %i', (call, adif) => {
    expect(resolveCallsign(call)?.dxcc).toBe(adif);
  });
});

describe('resolveCallsign: real calls in every slash form', () => {
  it.each([
    // a prefix before or after the call decides the entity
    ['KH6/K1JT', 110],
    ['K1JT/KH6', 110],
    ['KH6/K1JT/P', 110],
    ['K1JT/KH6/P', 110],
    ['VP2V/W1AW', 65],
    ['KP2/N2IC', 285],
    ['FS/K9CT', 213],
    ['PJ4/K1LZ', 520],
    ['P4/W6YX', 91],
    ['EA8/DL8WAA', 29],
    ['DL8WAA/EA8', 29],
    ['OH0/OH2BH', 5],
    ['OJ0/OH2BH', 167],
    ['JW/LA7THA', 259],
    ['TK/F5IN', 214],
    ['I/DJ5MW', 248],
    ['IT9/DJ5MW', 248],
    ['GM/G4BUO', 279],
    ['GD/G4BUO', 114],
    ['F/G3SXW', 227],
    ['W/G3SXW', 291],
    ['G/W1AW', 223],
    ['9M6/VR2XMT', 46],
    ['CT3/OH2BH', 256],
    ['SV9/S53M', 40],
    ['HB0/HB9DX', 251],
    ['CE0Y/W1AW', 47],
    ['HK0/DL2CC', 216],
    // suffixes that do not move the station
    ['W1AW/P', 291],
    ['K1JT/M', 291],
    ['G3SXW/QRP', 223],
    ['OH2BH/QRPP', 224],
    ['W1AW/A', 291],
    ['GM3POI/LH', 279],
    ['DF0HQ/B', 230],
    ['JA3YBK/P', 339],
    ['9A1A/P', 497],
    ['ON4UN/M', 209],
    ['W1AW/M/QRP', 291],
    // a call-area digit
    ['W1AW/4', 291],
    ['K1JT/6', 291],
    ['VE3EJ/7', 1],
    ['JH4UYB/1', 339],
    ['RU1A/9', 15],
    ['RA0FF/3', 54],
  ])('%s is ADIF %i', (call, adif) => {
    expect(resolveCallsign(call)?.dxcc).toBe(adif);
  });

  it('moves a digit-suffixed call only to another call area of the same country', () => {
    expect(resolveCallsign('W1AW/6')).toMatchObject({ dxcc: 291, cqZone: 3 });
    expect(resolveCallsign('W1AW/0')).toMatchObject({ dxcc: 291, cqZone: 4 });
    // a US call from a territory operating from a US district is in the USA, not Baker Island (KH1)
    expect(resolveCallsign('NH6V/1')).toMatchObject({ dxcc: 291, cqZone: 5 });
    expect(resolveCallsign('KL7RA/7')).toMatchObject({ dxcc: 291, cqZone: 3 });
    expect(resolveCallsign('KP3Z/4')).toMatchObject({ dxcc: 291 });
  });

  it('gives no entity for maritime and aeronautical mobile', () => {
    for (const call of ['W1AW/MM', 'K1JT/AM', 'OH2BH/MM', 'G3SXW/P/MM', 'KH6/K1JT/MM']) {
      expect(resolveCallsign(call), call).toEqual(NO_DXCC_ENTITY);
    }
  });

  it('takes KG4 for Guantanamo Bay only with a two-letter suffix', () => {
    expect(resolveCallsign('KG4AN')?.dxcc).toBe(105);
    expect(resolveCallsign('KG4ADJ')?.dxcc).toBe(291);
    expect(resolveCallsign('KG4C')?.dxcc).toBe(291);
    expect(resolveCallsign('W1AW/KG4')?.dxcc).toBe(105);
  });

  it('takes a Greek call with /A for Mount Athos, and only a Greek one', () => {
    expect(resolveCallsign('SV2ASP/A')).toMatchObject({ dxcc: 180, country: 'Mount Athos' });
    expect(resolveCallsign('SV1DPI/A')).toMatchObject({ dxcc: 180, country: 'Mount Athos', cqZone: 20 });
    expect(resolveCallsign('SV1DPI')?.dxcc).toBe(236);
    expect(resolveCallsign('SV9CVY/A')?.dxcc).toBe(40);
    expect(resolveCallsign('W1AW/A')?.dxcc).toBe(291);
  });
});

describe('resolveCallsign: exact calls and WAE-only entities with real calls', () => {
  it('lets an exact call win over its prefix', () => {
    expect(resolveCallsign('KH6ND')?.dxcc).toBe(291); // listed under the USA; KH6 is Hawaii
    expect(resolveCallsign('KH8Z')?.dxcc).toBe(110); // listed under Hawaii; KH8 is American Samoa
    expect(resolveCallsign('JD1BMM')?.dxcc).toBe(177); // Minami Torishima; JD1 is Ogasawara
    expect(resolveCallsign('5K0A')?.dxcc).toBe(216); // San Andres; 5K is Colombia
    expect(resolveCallsign('TO4A')?.dxcc).toBe(84); // Martinique; TO is French, TO4 not Guadeloupe
  });

  it('counts WAE-only entities under their DXCC entity, keeping their own zones', () => {
    expect(resolveCallsign('IT9BLB')).toMatchObject({ dxcc: 248, country: 'Italy', waeEntity: 'Sicily' });
    expect(resolveCallsign('GM0AVR')).toMatchObject({ dxcc: 279, country: 'Scotland', waeEntity: 'Shetland Islands' });
    expect(resolveCallsign('4U1VIC')).toMatchObject({ dxcc: 206, country: 'Austria', waeEntity: 'Vienna Intl Ctr' });
    expect(resolveCallsign('JW0BEA')).toMatchObject({ dxcc: 259, country: 'Svalbard', waeEntity: 'Bear Island' });
    expect(resolveCallsign('TA1D')).toMatchObject({ dxcc: 390, country: 'Turkey', continent: 'EU', waeEntity: 'European Turkey' });
  });
});

describe('resolveCallsign: per-entry overrides of zone, continent and position', () => {
  // The embedded cty.dat carries only zone overrides; this sample has every kind.
  const db = buildDxccDatabase(`United States:            05:  08:  NA:   37.60:    91.87:     5.0:  K:
    K,N,W,W6(3)[6],=K1ABC<40.50/75.25>{SA}(4)[7],=N2NL/MM(7);
Italy:                    15:  28:  EU:   42.82:   -12.58:    -1.0:  I:
    I;
Sicily:                   15:  28:  EU:   37.50:   -14.00:    -1.0:  *IT9:
    IT9,=IW0HBY/9{AF}<36.00/-15.00>;
`);

  it('applies an exact call’s continent, position and zones', () => {
    expect(resolveCallsignIn(db, 'K1ABC')).toEqual({ dxcc: 291, country: 'United States', continent: 'SA', cqZone: 4, ituZone: 7, lat: 40.5, lon: -75.25 });
    expect(resolveCallsignIn(db, 'K1ABC/P')).toMatchObject({ continent: 'SA', lat: 40.5, lon: -75.25 });
  });

  it('applies a prefix’s zones and keeps the entity’s position', () => {
    expect(resolveCallsignIn(db, 'W6YX')).toEqual({ dxcc: 291, country: 'United States', continent: 'NA', cqZone: 3, ituZone: 6, lat: 37.6, lon: -91.87 });
  });

  it('applies overrides of a WAE-only entity’s exact call', () => {
    expect(resolveCallsignIn(db, 'IW0HBY/9')).toEqual({
      dxcc: 248, country: 'Italy', continent: 'AF', cqZone: 15, ituZone: 28, lat: 36, lon: 15, waeEntity: 'Sicily',
    });
    expect(resolveCallsignIn(db, 'N2NL/MM')).toMatchObject({ dxcc: 291, cqZone: 7 });
  });
});
