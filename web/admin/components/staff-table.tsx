import type { ReactNode } from 'react';

/** One column of a staff list: its heading, what a row shows in it, and the cell's classes. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * A staff list as a table on a wide screen and as one card per row on a phone (admin.css reads each
 * cell's `data-label` for the card's labels), so every list reads the same way at 360 px.
 */
export function StaffTable<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table className="admin-table mt-4">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.label} data-label={column.label} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
