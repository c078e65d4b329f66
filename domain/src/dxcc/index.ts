export type { CallsignLocation, ArrlEntity } from './database';
export { dxccDatabase, buildDxccDatabase } from './database';
export { parseCtyDat, type CtyEntity, type CtyEntry, type CtyFile, type CtyOverrides } from './cty-parser';
export { resolveCallsign, resolveCallsignIn, normaliseCallsign, withCallArea, NO_DXCC_ENTITY } from './resolve-callsign';
export { dxccEntities, dxccEntity, dxccEntityName, dxccEntityLabel, isKnownDxcc, type DxccEntity } from './entities';
export { wpxPrefix } from './wpx-prefix';
