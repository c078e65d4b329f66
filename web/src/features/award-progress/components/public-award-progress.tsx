import { Link } from 'react-router-dom';
import { formatCount } from '@/components/charts/series';
import { useAwardCards } from '../api/get-award-cards';
import { awardPagePath } from '../utils/award-paths';
import { creditWord } from '../utils/progress';
import './award-progress.css';

/**
 * On a station's public page: its award counts, when the station shows them (the server answers
 * 404 otherwise, and nothing is shown). Awards not yet started are left out.
 */
export function PublicAwardProgress({ callsign }: { callsign: string }) {
  const cards = useAwardCards(callsign);
  const started = cards.data?.cards.filter((card) => card.worked > 0) ?? [];
  if (started.length === 0) return null;
  return (
    <section className="card" aria-labelledby="public-award-progress-heading">
      <h2 id="public-award-progress-heading">Award progress</h2>
      <div className="table-scroll">
        <table className="table ap-public-table">
          <thead>
            <tr>
              <th scope="col">Award</th>
              <th scope="col" className="num">
                Worked
              </th>
              <th scope="col" className="num">
                Confirmed
              </th>
            </tr>
          </thead>
          <tbody>
            {started.map((card) => (
              <tr key={card.id}>
                <th scope="row">
                  <Link to={awardPagePath(card.id, callsign)}>{card.name}</Link>
                </th>
                <td className="num">{formatCount(card.worked)}</td>
                <td className="num">
                  {formatCount(card.confirmed)}
                  {creditWord(card) === 'credited' ? <span className="muted"> credited</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
