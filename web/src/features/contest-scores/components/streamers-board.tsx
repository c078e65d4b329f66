import { Link } from 'react-router-dom';
import { stationPath } from '@/utils/qso-format';
import { useContestBoard } from '../api/get-contest-board';
import { frequencyKhz, lastQsoAgo, qsoRate } from '../utils/format';
import { ContestBoardFrame } from './contest-board-frame';

/**
 * /megastream: the streamers' board — operator, frequency (kHz), contacts, time since the last QSO
 * and QSOs per minute over the last 10 minutes — every 10 s.
 */
export function StreamersBoard() {
  const board = useContestBoard('streamers');
  return (
    <ContestBoardFrame board={board}>
      {(rows) => (
        <div className="table-scroll">
          <table className="table contest-table streamers-table">
            <caption className="sr-only">Streamers contest scores</caption>
            <thead>
              <tr>
                <th scope="col" className="num">#</th>
                <th scope="col">Operator</th>
                <th scope="col" className="num">kHz</th>
                <th scope="col" className="num">QSOs</th>
                <th scope="col" className="num">Last QSO</th>
                <th scope="col" className="num">
                  <abbr title="QSOs per minute over the last 10 minutes">QSO/min</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.my_callsign}>
                  <td className="num">{row.rank}</td>
                  <td className="call">
                    <Link to={stationPath(row.my_callsign)}>{row.my_callsign}</Link>
                    {row.name ? <span className="contest-operator-name">{row.name}</span> : null}
                  </td>
                  <td className="num">{frequencyKhz(row.freq)}</td>
                  <td className="num">{row.number_of_contacts}</td>
                  <td className="num">{lastQsoAgo(row)}</td>
                  <td className="num">{qsoRate(row.last_10_min_avg)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ContestBoardFrame>
  );
}
