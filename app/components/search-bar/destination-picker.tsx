import { useMemo, useState, type ReactElement } from "react";
import { countNodes, indexTree, type CountryNode, type DestinationTree } from "~/domain/destination-tree";
import { destinationPath } from "~/domain/destination-url";
import { texts } from "~/domain/texts";
import { TripCount } from "./check-rows";
import { toggleDestination } from "./model";
import { usePlaceNames } from "./place-names";
import { useDestinationMatches } from "./use-destinations";

// The "Vælg destinationer" part of Hvor: the chosen destinations as removable chips, a field that
// narrows the tree as you type, and the tree itself, country → region → resort, every node a
// native `destinationSlugs` checkbox with its number of trips. A chosen country or region covers
// its descendants: they show ticked and disabled. The regions of a country fold in a <details>,
// which works without JavaScript too.

const t = texts.searchBar.area;

type Nodes = ReturnType<typeof indexTree>;

function descendantsOf(nodes: Nodes, slug: string): string[] {
  const out: string[] = [];
  for (const [s, info] of nodes) if (info.ancestors.includes(slug)) out.push(s);
  return out;
}

export function DestinationPicker({
  idPrefix,
  tree,
  persons,
  active,
  chosen,
  onChange,
  hidden,
}: {
  idPrefix: string;
  /** The whole tree for the party size, when there is one yet. */
  tree: DestinationTree | null;
  persons: number;
  /** Whether the picker is in view (it loads only then). */
  active: boolean;
  chosen: string[];
  onChange: (slugs: string[]) => void;
  hidden: boolean;
}) {
  const [query, setQuery] = useState("");
  const filtering = query.trim() !== "";
  const countries = useDestinationMatches({ tree, persons, query, active });
  const nodes = useMemo(() => indexTree(tree?.countries ?? []), [tree]);
  const { names, learn } = usePlaceNames();
  const nameOf = (slug: string) => nodes.get(slug)?.node.name ?? names[slug] ?? slug;
  const toggle = (slug: string) => {
    // The bar names what is chosen: it learns the name from the tree.
    const known = nodes.get(slug)?.node.name;
    if (known !== undefined) learn({ [slug]: known });
    onChange(toggleDestination(chosen, slug, (s) => descendantsOf(nodes, s)));
  };
  const listId = `${idPrefix}-destinations`;

  const row = (slug: string, name: string, count: number | null, level: "country" | "region" | "resort" | "chosen") => {
    const cover = nodes.get(slug)?.ancestors.find((a) => chosen.includes(a));
    return (
      <DestinationRow
        key={`${level}-${slug}`}
        slug={slug}
        name={name}
        count={count}
        indent={level === "resort"}
        checked={chosen.includes(slug)}
        coveredBy={cover === undefined ? undefined : nameOf(cover)}
        onToggle={() => toggle(slug)}
      />
    );
  };

  return (
    <div data-kind="destinations" className={hidden ? "hidden" : undefined}>
      {chosen.length > 0 && (
        <div className="mb-2 flex flex-wrap items-center gap-1.5 text-sm" data-testid="selected-destinations">
          <span className="text-slate-600">{t.selected}:</span>
          {chosen.map((slug) => (
            <button
              key={slug}
              type="button"
              onClick={() => toggle(slug)}
              className="sb-js-only rounded-full bg-brand-600 px-2.5 py-0.5 text-white"
              aria-label={t.remove(nameOf(slug))}
            >
              {nameOf(slug)} <span aria-hidden="true">×</span>
            </button>
          ))}
          {/* Each chosen place's destination page (docs/urls.md "Destination pages"). */}
          {chosen.map((slug) => (
            <a key={slug} href={destinationPath([slug])} className="text-brand-700 underline" data-testid="destination-page-link">
              {texts.destinations.aboutPlace(nameOf(slug))}
            </a>
          ))}
        </div>
      )}
      <div className="sb-js-only mb-2">
        <label htmlFor={`${idPrefix}-q`} className="mb-1 block text-sm font-semibold">
          {t.filterLabel}
        </label>
        <input
          id={`${idPrefix}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t.filterPlaceholder}
          aria-controls={listId}
          autoComplete="off"
          className="w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
          data-testid="destination-query"
        />
        <p className="sr-only" aria-live="polite">
          {filtering && countries ? t.matches(countNodes(countries)) : ""}
        </p>
      </div>
      <div id={listId} className="max-h-80 overflow-y-auto pr-1" data-testid="destination-tree">
        {active && countries === null && <p className="p-2 text-sm text-slate-600">{t.loading}</p>}
        {/* Without the tree (a page whose loader has none, before it is fetched) the chosen destinations stay in the form. */}
        {!tree && chosen.map((slug) => row(slug, nameOf(slug), null, "chosen"))}
        {countries && countries.length === 0 && <p className="p-2 text-sm">{t.noMatches(query.trim())}</p>}
        {countries?.map((country) => (
          <CountryGroup key={country.slug} country={country} filtering={filtering} row={row} />
        ))}
      </div>
    </div>
  );
}

/** A country's row, and its regions and resorts folded under it (unfolded while a query narrows the tree). */
function CountryGroup({
  country,
  filtering,
  row,
}: {
  country: CountryNode;
  filtering: boolean;
  row: (slug: string, name: string, count: number, level: "country" | "region" | "resort") => ReactElement;
}) {
  const label = t.countryRegions(country.name);
  return (
    <div className="border-b border-slate-100 py-1" data-testid="destination-country">
      {row(country.slug, country.name, country.count, "country")}
      {/* A new element when a query starts or ends, so its unfolding follows the query rather than the last click. */}
      <details key={filtering ? "q" : "all"} open={filtering || undefined} className="group pl-6">
        <summary className="cursor-pointer rounded px-2 py-0.5 text-xs text-brand-700 underline">{label}</summary>
        <div className="pb-1" role="group" aria-label={label}>
          {country.regions.flatMap((region) => [
            row(region.slug, region.name, region.count, "region"),
            ...region.resorts.map((resort) => row(resort.slug, resort.name, resort.count, "resort")),
          ])}
        </div>
      </details>
    </div>
  );
}

/**
 * One flat row per node, no wrappers: the name is the label's own text (the hint for screen
 * readers is out of the flow), and resorts are indented by their own margin.
 */
function DestinationRow({
  slug,
  name,
  count,
  indent,
  checked,
  coveredBy,
  onToggle,
}: {
  slug: string;
  name: string;
  count: number | null;
  indent: boolean;
  checked: boolean;
  /** The name of the chosen ancestor that covers this node. */
  coveredBy?: string;
  onToggle: () => void;
}) {
  return (
    <label className={indent ? "check-row ml-5" : "check-row"}>
      <input
        type="checkbox"
        name="destinationSlugs"
        value={slug}
        checked={checked || coveredBy !== undefined}
        disabled={coveredBy !== undefined}
        onChange={onToggle}
      />
      {name}
      {coveredBy !== undefined && <span className="sr-only"> ({t.includedIn(coveredBy)})</span>}
      {count !== null && <TripCount n={count} />}
    </label>
  );
}
