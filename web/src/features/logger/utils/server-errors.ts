/** A 422 answer's field messages, placed under the logger's own fields. */

export type LoggerField = 'call' | 'freq' | 'time' | 'mode' | 'name' | 'snt' | 'rcv' | 'comment' | 'power' | 'dxcc';
export type LoggerFieldErrors = Partial<Record<LoggerField, string>>;

const FIELD_OF: Record<string, LoggerField> = {
  call: 'call',
  freq: 'freq',
  ts: 'time',
  mode: 'mode',
  submode: 'mode',
  name: 'name',
  snt: 'snt',
  rcv: 'rcv',
  comment: 'comment',
  power: 'power',
  dxcc: 'dxcc',
};

/** The first message per form field, and the messages no field shows. */
export function formErrorsFrom(errors: Record<string, string[]> | undefined): { fields: LoggerFieldErrors; others: string[] } {
  const fields: LoggerFieldErrors = {};
  const others: string[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const field = FIELD_OF[name.toLowerCase()];
    if (field) fields[field] ??= first;
    else others.push(first);
  }
  return { fields, others };
}
