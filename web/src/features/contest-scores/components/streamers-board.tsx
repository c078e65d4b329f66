import { Link } from 'react-router-dom';
import { stationPath } from '@/utils/qso-format';
import { useContestBoard } from '../api/get-contest-board';
import { frequencyKhz, lastQsoAgo, qsoRate } from '../utils/format';
import { ContestBoardFrame } from './contest-board-frame';
import { ContestTable, type ContestColumn } from './contest-table';

const COLUMNS: ContestColumn[] = [
  { header: '#', className: 'num', cell: (row) => row.rank },
  {
    header: 'Operator',
    className: 'call',
    cell: (row) => (
      <>
        <Link to={stationPath(row.my_callsign)}>{row.my_callsign}</Link>
        {row.name ? <span className="contest-operator-name">{row.name}</span> : null}
      </>
    ),
  },
  { header: 'kHz', className: 'num', cell: (row) => frequencyKhz(row.freq) },
  { header: 'QSOs', className: 'num', cell: (row) => row.number_of_contacts },
  { header: 'Last QSO', className: 'num', cell: (row) => lastQsoAgo(row) },
  { header: <abbr title="QSOs per minute over the last 10 minutes">QSO/min</abbr>, className: 'num', cell: (row) => qsoRate(row.last_10_min_avg) },
];

/**
 * /megastream: the streamers' board — operator, frequency (kHz), contacts, time since the last QSO
 * and QSOs per minute over the last 10 minutes — every 10 s.
 */
export function StreamersBoard() {
  const board = useContestBoard('streamers');
  return (
    <ContestBoardFrame board={board}>
      {(rows) => <ContestTable caption="Streamers contest scores" className="streamers-table" columns={COLUMNS} rows={rows} />}
    </ContestBoardFrame>
  );
}
