import type { ReactNode } from "react";

// The dashboard's tables (docs/screens.md, the dashboard): one look for all of them, scrolling
// sideways inside the page on a phone rather than widening it.

export interface OpsColumn {
  label: string;
  /** A column of numbers, right-aligned. */
  numeric?: boolean;
  /** A column of buttons: its heading is for screen readers only. */
  hidden?: boolean;
}

export function OpsTable({
  columns,
  testId,
  className = "",
  tableClassName = "",
  footer,
  children,
}: {
  columns: OpsColumn[];
  testId: string;
  /** The scrolling box's classes (its margin, say). */
  className?: string;
  /** The table's own classes beside the shared ones (a maximum width, say). */
  tableClassName?: string;
  /** A <tfoot>'s rows: totals. */
  footer?: ReactNode;
  /** The <tbody>'s rows. */
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className={`w-full text-left text-sm ${tableClassName}`} data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((column) => (
              <th key={column.label} className={column.numeric ? "p-2 text-right" : "p-2"}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
