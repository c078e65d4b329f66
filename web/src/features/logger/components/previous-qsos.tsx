import { LOADING, QSOS_LOAD_FAILED } from '@hamlog/domain/messages';
import type { Qso } from '@/types/api';
import { khzToMhz } from '@/utils/frequency';
import { countryLabel, modeLabel } from '@/utils/qso-format';
import { formatUtcMinute } from '@/utils/time';

/** Cards of the caller's previous QSOs with the searched callsign, each with Edit. */
export function PreviousQsos({
  call,
  qsos,
  loading,
  failed,
  editingId,
  onEdit,
}: {
  call: string;
  qsos: readonly Qso[];
  loading: boolean;
  failed: boolean;
  editingId: string | null;
  onEdit: (qso: Qso) => void;
}) {
  if (loading) {
    return (
      <p className="logbar-status" role="status">
        {LOADING}
      </p>
    );
  }
  if (failed) {
    return (
      <p className="logbar-status error" role="alert">
        {QSOS_LOAD_FAILED}
      </p>
    );
  }
  if (qsos.length === 0) return null;
  return (
    <section className="previous-qsos" aria-label={`Previous QSOs with ${call}`}>
      <h2>Previous QSOs with {call}</h2>
      <ul className="qso-cards">
        {qsos.map((q) => (
          <li key={q.qdo_id} className={q.qdo_id === editingId ? 'qso-card editing' : 'qso-card'}>
            <div className="qso-card-head">
              <strong className="qso-card-call">{q.Call}</strong>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={`Edit QSO with ${q.Call} at ${formatUtcMinute(q.TS)}`}
                onClick={() => onEdit(q)}
              >
                Edit
              </button>
            </div>
            <dl>
              <Row label="DX" value={q.Call} />
              <Row label="Freq" value={khzToMhz(q.Freq)} />
              <Row label="DXCC" value={countryLabel(q.dxcc, q.country)} />
              <Row label="Mode" value={modeLabel(q.Mode, q.SubMode)} />
              <Row label="Power" value={q.Power ? `${q.Power} W` : ''} />
              <Row label="Name" value={q.Name} />
              <Row label="SNT" value={q.SNT} />
              <Row label="RCV" value={q.RCV} />
              <Row label="Time UTC" value={formatUtcMinute(q.TS)} />
              <Row label="Comment" value={q.Comment} />
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
