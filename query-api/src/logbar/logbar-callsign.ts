import { CALL_CHARACTERS, CALL_LENGTH, CALLSIGN_MAX_LENGTH, CALLSIGN_MIN_LENGTH } from '@hamlog/domain';
import { fieldErrors } from '@hamlog/infra/http/errors';

/** The searched callsign from the path: '/' travels as '_' (KH6_W1AW is KH6/W1AW), upper-cased. */
export function logbarCallsign(param: string | undefined): string {
  const call = (param ?? '').replace(/_/g, '/').trim().toUpperCase();
  if (call.length < CALLSIGN_MIN_LENGTH || call.length > CALLSIGN_MAX_LENGTH) throw fieldErrors({ callsign: [CALL_LENGTH] });
  if (!/^[A-Z0-9/]+$/.test(call)) throw fieldErrors({ callsign: [CALL_CHARACTERS] });
  return call;
}
