import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { stationPath } from '@/utils/qso-format';
import { useContestBoard } from '../api/get-contest-board';
import { ContestBoardFrame } from './contest-board-frame';

/** /scores: the members' FT4/FT8 contest board — rank, call, picture, name, contacts — every 10 s. */
export function MembersBoard() {
  const board = useContestBoard('members');
  return (
    <ContestBoardFrame board={board}>
      {(rows) => (
        <div className="table-scroll">
          <table className="table contest-table members-table">
            <caption className="sr-only">Members contest scores</caption>
            <thead>
              <tr>
                <th scope="col" className="num">Rank</th>
                <th scope="col">Call</th>
                <th scope="col" className="contest-image">
                  <span className="sr-only">Picture</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="num">Contacts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.my_callsign}>
                  <td className="num">{row.rank}</td>
                  <td className="call">
                    <Link to={stationPath(row.my_callsign)}>{row.my_callsign}</Link>
                  </td>
                  <td className="contest-image">
                    <Avatar imageName={row.profile_image_name} callsign={row.my_callsign} />
                  </td>
                  <td className="contest-name">{row.name}</td>
                  <td className="num">{row.contacts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ContestBoardFrame>
  );
}
