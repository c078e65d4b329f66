/**
 * A Cabrillo log (WWROF's Cabrillo 3.0; 2.0 reads the same) as plain data: the header's tags and
 * the QSO lines, each value as the log writes it. Which exchange value is which is the contest's
 * business (cabrillo-entry.ts maps them onto its fields); this is only the file.
 */
import type { CabrilloMode, StationCategory } from '../rules/rules';

/** The CATEGORY-* tags: the station's category as the rules know it, plus Cabrillo's STATION and TIME. */
export interface CabrilloCategory extends StationCategory {
  station: string;
  time: string;
}

export interface CabrilloQso {
  /** The line of the log it was read from (1 is the first); 0 for a QSO not read from a file. */
  line: number;
  /** As written: kHz ('3799', '28048') or a band ('50', '144', '432', '1.2G', 'LIGHT'). */
  freq: string;
  mode: CabrilloMode;
  /** UTC, 'YYYY-MM-DD'. */
  date: string;
  /** UTC, 'HHMM'. */
  time: string;
  sentCall: string;
  /** The exchange values after the sent call, in order ('599', '14'). */
  sent: string[];
  rcvdCall: string;
  received: string[];
  /** The transmitter id of a multi-two log (0 or 1). */
  transmitter: number | null;
}

/** A header tag the model does not name, kept in order so a log written back keeps it. */
export interface CabrilloTag {
  tag: string;
  value: string;
}

/** Text values are '' where the log has none. */
export interface CabrilloLog {
  /** START-OF-LOG's version ('3.0', '2.0'). */
  version: string;
  callsign: string;
  contest: string;
  category: CabrilloCategory;
  claimedScore: number | null;
  club: string;
  operators: string[];
  name: string;
  location: string;
  createdBy: string;
  email: string;
  /** One entry per SOAPBOX line. */
  soapbox: string[];
  /** One entry per ADDRESS line. */
  address: string[];
  otherTags: CabrilloTag[];
  qsos: CabrilloQso[];
}

/** The log without its QSOs: what a reader knows when it comes to a QSO line. */
export type CabrilloHeader = Omit<CabrilloLog, 'qsos'>;

export function emptyCabrilloLog(): CabrilloLog {
  return {
    version: '',
    callsign: '',
    contest: '',
    category: { operator: '', assisted: '', band: '', power: '', mode: '', transmitter: '', overlay: '', station: '', time: '' },
    claimedScore: null,
    club: '',
    operators: [],
    name: '',
    location: '',
    createdBy: '',
    email: '',
    soapbox: [],
    address: [],
    otherTags: [],
    qsos: [],
  };
}
