import type { ReactNode } from 'react';
import type { ContestRow } from '@hamlog/domain/community/api-shapes';

export interface ContestColumn {
  /** The header: its text, or a node (an abbreviation, a screen-reader-only label). */
  header: ReactNode;
  /** 'num' right-aligns numbers; 'call', 'contest-image', 'contest-name' as the boards style them. */
  className?: string;
  cell: (row: ContestRow) => ReactNode;
}

/** A board's rows as a table (every board: the members', an organiser's, the streamers'). */
export function ContestTable({ caption, className, columns, rows }: { caption: string; className: string; columns: readonly ContestColumn[]; rows: readonly ContestRow[] }) {
  return (
    <div className="table-scroll">
      <table className={`table contest-table ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.my_callsign}>
              {columns.map((column, i) => (
                <td key={i} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
