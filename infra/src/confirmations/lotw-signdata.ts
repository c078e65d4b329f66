/**
 * What a LoTW signature covers (TrustedQSL's "LOTW" sigspec version 2.0, config.xml 11.20; tqsllib
 * make_sign_data and tqsl_getGABBItCONTACTData): the station location's values in this order, then
 * the contact's, each trimmed, empty ones left out, no names or separators, the whole upper-cased.
 * The station's CALL and DXCC are not signed (the certificate carries them). LoTW derives the same
 * text from the tSTATION and tCONTACT records it receives and checks the signature against it.
 */

export const SIGNATURE_FIELD = 'SIGN_LOTW_V2.0';

const STATION_SIGNED = [
  'AU_STATE', 'CA_PROVINCE', 'CA_US_PARK', 'CN_PROVINCE', 'CQZ', 'DX_US_PARK', 'FI_KUNTA', 'GRIDSQUARE',
  'IOTA', 'ITUZ', 'JA_CITY_GUN_KU', 'JA_PREFECTURE', 'RU_OBLAST', 'US_COUNTY', 'US_PARK', 'US_STATE',
] as const;

const CONTACT_SIGNED = ['BAND', 'BAND_RX', 'CALL', 'FREQ', 'FREQ_RX', 'MODE', 'PROP_MODE', 'QSO_DATE', 'QSO_TIME', 'SAT_NAME'] as const;

/** SIGNDATA of a contact from the tSTATION and tCONTACT fields as written in the .tq8. */
export function lotwSignData(station: Readonly<Record<string, string>>, contact: Readonly<Record<string, string>>): string {
  const values = [...STATION_SIGNED.map((name) => station[name]), ...CONTACT_SIGNED.map((name) => contact[name])];
  return values
    .map((value) => (value ?? '').trim())
    .join('')
    .toUpperCase();
}
