import type { ReactNode } from "react";
import shared from "@/components/ui/shared.module.css";
import styles from "./operators.module.css";

/**
 * One column: its heading and each row's cell (`rowHeader`: the cell names the row, a `<th
 * scope="row">`). Cells keep to one line (the table scrolls sideways on a phone); a `wide` one
 * (a note, a form) wraps within at least 16rem.
 */
export type OperatorColumn<T> = { header: string; cell: (row: T) => ReactNode; rowHeader?: boolean; wide?: boolean };

type Props<T> = {
  columns: readonly OperatorColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  /** Data attributes a row carries for tests ("data-tax-rate": 12). */
  rowData?: (row: T) => Record<`data-${string}`, string | number>;
};

/** The operator console's table (scrolls sideways inside its wrapper on a phone), or its empty message: one markup for every admin list. */
export function OperatorTable<T>({ columns, rows, rowKey, empty, rowData }: Props<T>) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={`${shared.table} ${styles.operatorTable}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.wide ? styles.wideCell : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.wide ? styles.wideCell : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
