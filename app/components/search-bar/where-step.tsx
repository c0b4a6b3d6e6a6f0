import { useState } from "react";
import type { DestinationTree, TagNode } from "~/domain/destination-tree";
import type { SearchArea } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { CheckRows } from "./check-rows";
import { DestinationPicker } from "./destination-picker";
import { tagLabel } from "~/domain/tags";
import { areaOf, toggleItem, type AreaKind } from "./model";
import { KindRadios, useKind, type StepProps } from "./step-parts";
import { useDestinationTree } from "./use-destinations";

// Hvor: all destinations, chosen destinations (the tree), categories, or the map's area. Every
// kind's checkboxes are in the form (the radio `area` says which counts), so without JavaScript
// the plain form shows them all; with JavaScript only the chosen kind's show.

const t = texts.searchBar.area;

type BBox = Extract<SearchArea, { type: "geo" }>["bbox"];

export function WhereStep({
  draft,
  setDraft,
  idPrefix,
  destinations,
  active,
}: StepProps & {
  /** The page loader's destination tree for its party size (the search page); else it loads when the step opens. */
  destinations?: { persons: number; tree: DestinationTree };
  /** Whether the step is in view (the picker loads only then). */
  active: boolean;
}) {
  const area = draft.searchArea;
  const [kind, pickKind] = useKind(area.type, "all");
  // A map area stays on offer after switching to destinations or categories.
  const [leftBbox, setLeftBbox] = useState<BBox | undefined>(area.type === "geo" ? area.bbox : undefined);
  const bbox = area.type === "geo" ? area.bbox : leftBbox;
  const persons = draft.adultCount + draft.childrenCount;
  const tree = useDestinationTree({ initial: destinations, persons, active });
  const slugs = area.type === "destinations" ? area.destinationSlugs : [];
  const tags = area.type === "tags" ? area.tags : [];

  const choose = (k: AreaKind, picks: { destinationSlugs?: string[]; tags?: string[] } = {}) => {
    if (area.type === "geo") setLeftBbox(area.bbox);
    pickKind(k);
    setDraft({ ...draft, searchArea: areaOf(k, { destinationSlugs: picks.destinationSlugs ?? [], tags: picks.tags ?? [], bbox }) });
  };

  const options: Array<[AreaKind, string]> = [
    ["all", t.all],
    ["destinations", t.destinations],
    ["tags", t.tags],
  ];
  if (bbox) options.push(["geo", t.geo]);

  return (
    <div data-testid="step-where">
      <KindRadios name="area" legend={t.legend} value={kind} options={options} onChange={(k) => choose(k)} />
      {kind === "geo" && bbox && <MapArea bbox={bbox} onLeave={() => choose("destinations")} />}
      <DestinationPicker
        idPrefix={idPrefix}
        tree={tree}
        persons={persons}
        active={active}
        chosen={slugs}
        onChange={(next) => choose("destinations", { destinationSlugs: next })}
        hidden={kind !== "destinations"}
      />
      <TagPicker
        tags={tree?.tags}
        chosen={tags}
        onToggle={(slug) => choose("tags", { tags: toggleItem(tags, slug) })}
        hidden={kind !== "tags"}
      />
    </div>
  );
}

/** The area chosen on the map, sent along as `bbox`, and the way back to the destinations. */
function MapArea({ bbox, onLeave }: { bbox: BBox; onLeave: () => void }) {
  return (
    <div className="mb-3 rounded bg-brand-50 p-3 text-sm">
      <input type="hidden" name="bbox" value={bbox.join(",")} />
      <p>{t.geoHint}</p>
      <button type="button" className="sb-js-only mt-2 font-semibold text-brand-700 underline" onClick={onLeave}>
        {t.backToDestinations}
      </button>
    </div>
  );
}

/** The categories with their numbers of trips (without the tree yet, just the chosen ones). */
function TagPicker({
  tags,
  chosen,
  onToggle,
  hidden,
}: {
  tags: TagNode[] | undefined;
  chosen: string[];
  onToggle: (slug: string) => void;
  hidden: boolean;
}) {
  const items = tags
    ? tags.map((tag) => ({ value: tag.slug, label: tagLabel(tag.slug), count: tag.count }))
    : chosen.map((slug) => ({ value: slug, label: tagLabel(slug) }));
  return (
    <fieldset data-kind="tags" className={hidden ? "hidden" : undefined}>
      <legend className="sr-only">{t.tags}</legend>
      <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-2">
        <CheckRows name="tags" items={items} chosen={chosen} onToggle={onToggle} />
      </div>
    </fieldset>
  );
}
