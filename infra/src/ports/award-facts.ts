/** The QSO facts the daily awards read (the tables the stream consumers build, AggregatesStore). */
import type { AwardQso } from '@hamlog/domain';

export interface AwardFacts {
  /**
   * Every live QSO whose time is in [from, to), with its latest fields and its first upload (the
   * earliest time any of its versions reached the log). Deleted QSOs are not answered; a QSO
   * edited to another time is answered by the day it is in now.
   */
  qsosBetween(from: Date, to: Date): Promise<AwardQso[]>;
  close(): Promise<void>;
}
