import { Link } from 'react-router-dom';
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import { Avatar } from '@/components/ui/avatar';
import { stationPath } from '@/utils/qso-format';
import { useContestBoard } from '../api/get-contest-board';
import { ContestBoardFrame } from './contest-board-frame';
import { ContestTable, type ContestColumn } from './contest-table';

const COLUMNS: ContestColumn[] = [
  { header: 'Rank', className: 'num', cell: (row) => row.rank },
  { header: 'Call', className: 'call', cell: (row) => <Link to={stationPath(row.my_callsign)}>{row.my_callsign}</Link> },
  {
    header: <span className="sr-only">Picture</span>,
    className: 'contest-image',
    cell: (row) => <Avatar imageName={row.profile_image_name} callsign={row.my_callsign} />,
  },
  { header: 'Name', className: 'contest-name', cell: (row) => row.name },
  { header: 'Contacts', className: 'num', cell: (row) => row.contacts },
];
const POINTS: ContestColumn = { header: 'Points', className: 'num', cell: (row) => row.points };

/** The columns of a contest: points beside contacts when a contact is worth more than one. */
const columnsFor = (contest: ContestSummary) => (contest.points_per_contact === 1 ? COLUMNS : [...COLUMNS, POINTS]);

/**
 * /scores: the members' FT4/FT8 contest board — rank, call, picture, name, contacts — every 10 s;
 * with `contestId`, an organiser's contest (/contests/{id}).
 */
export function MembersBoard({ contestId }: { contestId?: string }) {
  const board = useContestBoard('members', contestId);
  return (
    <ContestBoardFrame board={board}>
      {(rows, contest) => <ContestTable caption={`${contest.name} scores`} className="members-table" columns={columnsFor(contest)} rows={rows} />}
    </ContestBoardFrame>
  );
}
