import type { ClientBase } from 'pg';
import type { ContestDefinition } from '@hamlog/domain';

export interface ContestRow {
  id: string;
  /** Set by the create; an update leaves it. */
  organiserUserId: string;
  definition: ContestDefinition;
  /** ISO 8601 UTC of the event. */
  at: string;
  position: number;
}

const DEFINITION_COLUMNS = 'name, starts_at, ends_at, modes, points_per_contact, duplicate_rule, late_upload_hours, repeat, rules, custom_rules';
const definitionValues = (d: ContestDefinition) => [
  d.name, d.startsAt, d.endsAt, d.modes, d.pointsPerContact, d.duplicateRule, d.lateUploadHours, d.repeat, d.rules ?? '',
  d.customRules ? JSON.stringify(d.customRules) : null,
];

/** A created contest; replaying the event again changes nothing. */
export async function insertContest(client: ClientBase, row: ContestRow): Promise<void> {
  await client.query(
    `INSERT INTO rm_contests (id, organiser_user_id, ${DEFINITION_COLUMNS}, created_at, updated_at, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)
     ON CONFLICT (id) DO NOTHING`,
    [row.id, row.organiserUserId, ...definitionValues(row.definition), row.at, row.position],
  );
}

/** A changed definition; an older event (a replay) never overwrites a newer one. */
export async function updateContest(client: ClientBase, row: Omit<ContestRow, 'organiserUserId'>): Promise<void> {
  await client.query(
    `UPDATE rm_contests SET (${DEFINITION_COLUMNS}, updated_at, position) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     WHERE id = $1 AND position < $13`,
    [row.id, ...definitionValues(row.definition), row.at, row.position],
  );
}
