import { formatCount } from "~/domain/format";
import { texts } from "~/domain/texts";
import type { OpsColumn } from "./ops-table";

// An import's counts as the import history shows them, for a whole import (/drift/importer) and
// per company (/drift/importer/:id): the same columns in the same order.

const COUNTS = ["lines", "added", "updated", "unchanged", "vanished", "rejected", "warnings"] as const;

export type ImportCounts = Record<(typeof COUNTS)[number], number>;

export const importCountColumns: OpsColumn[] = COUNTS.map((key) => ({ label: texts.ops.imports[key], numeric: true }));

export function ImportCountCells({ counts }: { counts: ImportCounts }) {
  return (
    <>
      {COUNTS.map((key) => (
        <td key={key} className="p-2 text-right">
          {formatCount(counts[key])}
        </td>
      ))}
    </>
  );
}
