import { Link } from 'react-router-dom';
import { RecentQsosTable } from '@/components/ui/recent-qsos-table';
import type { PublicProfile } from '@/types/api';

/** Awards, posts and the recent QSOs of a station; each list only when it has entries. */
export function ProfileActivity({ profile }: { profile: PublicProfile }) {
  const awards = profile.user_awards ?? [];
  const posts = profile.posts ?? [];
  const qsos = profile.qso_history ?? [];
  return (
    <>
      {awards.length > 0 ? (
        <section className="card" aria-labelledby="awards-heading">
          <h2 id="awards-heading">Awards</h2>
          <ul className="plain-list">
            {awards.map((a) => (
              <li key={a.id}>
                <strong>{a.award?.name || a.award?.short_name || 'Award'}</strong>
                {a.award_date ? <span className="muted"> · {a.award_date.slice(0, 10)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {posts.length > 0 ? (
        <section className="card" aria-labelledby="posts-heading">
          <h2 id="posts-heading">Posts</h2>
          <ul className="plain-list">
            {posts.map((p) => (
              <li key={p.id}>
                <Link to={`/post/${encodeURIComponent(p.id)}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="qso-history-heading">
        <h2 id="qso-history-heading">Recent QSOs</h2>
        {qsos.length === 0 ? (
          <p className="muted">No QSOs logged yet.</p>
        ) : (
          <RecentQsosTable qsos={qsos} />
        )}
      </section>
    </>
  );
}
