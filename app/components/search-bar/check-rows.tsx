import { formatCount } from "~/domain/format";

// The checkbox rows of the steps. `check-row` (which also colours the checkbox) and `check-count`
// are named classes in app/tailwind.css: the destination tree alone has a few hundred rows in
// every page.

/** The number of trips at the end of a check row. */
export function TripCount({ n }: { n: number }) {
  return <span className="check-count">{formatCount(n)}</span>;
}

export interface CheckItem {
  value: string;
  label: string;
  /** Trips behind the choice, when known. */
  count?: number;
}

/** One checkbox row per choice of a list param (the form sends each checked value). */
export function CheckRows({
  name,
  items,
  chosen,
  onToggle,
}: {
  name: string;
  items: CheckItem[];
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  return items.map((item) => (
    <label key={item.value} className="check-row">
      <input type="checkbox" name={name} value={item.value} checked={chosen.includes(item.value)} onChange={() => onToggle(item.value)} />
      {item.label}
      {item.count !== undefined && <TripCount n={item.count} />}
    </label>
  ));
}
