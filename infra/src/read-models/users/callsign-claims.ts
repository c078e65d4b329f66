/** rm_callsign_claims: the claims an admin reviews (decision 0025), written by the users projection. */
import type pg from 'pg';
import type { ClientBase } from 'pg';
import { utcIso } from '../../postgres/sql-time';

export interface CallsignClaimRow {
  id: string;
  callsign: string;
  email: string;
  user_id: string | null;
  note: string;
  evidence: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  submitted_at: string;
}

export async function insertCallsignClaim(
  client: ClientBase,
  claim: { claimId: string; callsign: string; email: string; userId: string | null; note: string; evidence: string; submittedAt: string },
): Promise<void> {
  await client.query(
    `INSERT INTO rm_callsign_claims (id, callsign, email, user_id, note, evidence, status, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) ON CONFLICT (id) DO NOTHING`,
    [claim.claimId, claim.callsign, claim.email, claim.userId, claim.note, claim.evidence, claim.submittedAt],
  );
}

export async function decideCallsignClaimRow(
  client: ClientBase,
  claimId: string,
  decision: { status: 'approved' | 'rejected'; approvedUserId?: string; reason?: string; at: string },
): Promise<void> {
  await client.query('UPDATE rm_callsign_claims SET status = $2, approved_user_id = $3, reason = $4, decided_at = $5 WHERE id = $1', [
    claimId,
    decision.status,
    decision.approvedUserId ?? null,
    decision.reason ?? null,
    decision.at,
  ]);
}

/** The claims in one status (pending by default), oldest first. */
export async function listCallsignClaims(pool: pg.Pool, status: CallsignClaimRow['status'] = 'pending'): Promise<CallsignClaimRow[]> {
  const { rows } = await pool.query<CallsignClaimRow>(
    `SELECT id, callsign, email, user_id, note, evidence, status, reason, ${utcIso('submitted_at')} AS submitted_at
     FROM rm_callsign_claims WHERE status = $1 ORDER BY submitted_at, id`,
    [status],
  );
  return rows;
}
