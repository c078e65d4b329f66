import type pg from 'pg';
import type { Contest, CustomRulesSpec } from '@hamlog/domain';
import { utcIso } from '../../postgres/sql-time';

const COLUMNS = `id, organiser_user_id, name, ${utcIso('starts_at')} AS starts_at, ${utcIso('ends_at')} AS ends_at, modes,
  points_per_contact, duplicate_rule, late_upload_hours, repeat, rules, custom_rules`;

interface Row {
  id: string;
  organiser_user_id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  modes: string[];
  points_per_contact: number;
  duplicate_rule: Contest['duplicateRule'];
  late_upload_hours: number;
  repeat: Contest['repeat'];
  rules: string;
  custom_rules: CustomRulesSpec | null;
}

function toContest(r: Row): Contest {
  return {
    id: r.id,
    organiserUserId: r.organiser_user_id,
    name: r.name,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    modes: r.modes,
    pointsPerContact: r.points_per_contact,
    duplicateRule: r.duplicate_rule,
    lateUploadHours: r.late_upload_hours,
    repeat: r.repeat,
    rules: r.rules,
    ...(r.custom_rules ? { customRules: r.custom_rules } : {}),
  };
}

export async function findContest(pool: pg.Pool, id: string): Promise<Contest | null> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM rm_contests WHERE id = $1`, [id]);
  return rows[0] ? toContest(rows[0]) : null;
}

/** The organisers' contests, latest start first. */
export async function latestContests(pool: pg.Pool, limit: number): Promise<Contest[]> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM rm_contests ORDER BY starts_at DESC, id LIMIT $1`, [limit]);
  return rows.map(toContest);
}

/** One organiser's contests, latest start first. */
export async function contestsOrganisedBy(pool: pg.Pool, organiserUserId: string, limit: number): Promise<Contest[]> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM rm_contests WHERE organiser_user_id = $1 ORDER BY starts_at DESC, id LIMIT $2`,
    [organiserUserId, limit],
  );
  return rows.map(toContest);
}
