/** SQL that reads a timestamptz column as ISO 8601 UTC text to the second, as the API sends times. */
export const utcIso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** The same to the millisecond, for times compared with windows and report times. */
export const utcIsoMs = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
