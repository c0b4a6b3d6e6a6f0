import { lazy, type ComponentType, type ReactNode } from "react";
import type { PriceMode, SortingMethod } from "~/domain/constants";
import type { ResultsState } from "~/domain/results-url";
import { accommodationHref } from "~/domain/accommodation-url";
import type { ResultCardItem, ResultCardKey } from "~/domain/search-result";
import type { PriceChange } from "~/domain/price-history";
import { cardParts } from "./card-parts";
import { useHoveredAccommodation } from "./hover-context";
import { SaveTripButton } from "../saved-trips/save-trip-button";
import { keepServerMarkup, useFollowLinks } from "../ui/markup-only";
import { loadCardParts } from "./card-parts-loader";
import type { CardMarkup } from "~/domain/markup-only";

/** How a card shows, beside its data. */
export interface CardView {
  priceMode: PriceMode;
  /** The search's sort: the card names the trip it picked by it. */
  sort: SortingMethod;
  aff?: string;
  /** The accommodation's page with the current search (its name, photo and offer count link there). */
  pageHref: string;
  /** Open the page in a new tab (embed mode: the page may not be framed). */
  newTab?: boolean;
  /** Set when the best offer's price fell at its last change. */
  drop?: PriceChange & { previousPrice: number };
  /** The page's first card: its photo is the first screen's largest paint, so it loads with the page, not lazily after layout. */
  eagerPhoto?: true;
}

/** A card's data and how it shows. */
export type CardPartProps = { item: ResultCardItem; view: CardView };

/**
 * The parts' code: in the server's build from the start; in the browser loaded where it renders a
 * card itself (after a navigation in the page), since the cards of a page it loads are the
 * server's markup. A page's first load stays within the JavaScript budget (README, "Performance").
 * A card rendered before the code is there suspends, and the update that rendered it waits: a
 * navigation is a transition (Remix's v7_startTransition), so the page on the screen stays until
 * the new page can show its cards whole. The code starts loading with the navigation (PreloadCardParts).
 */
const lazyPart = <K extends keyof typeof cardParts>(name: K) =>
  lazy(() => loadCardParts().then((parts) => ({ default: parts[name] }), loadFromServer));

/**
 * The code could not be fetched (a deploy replaced it, or the network): the page the browser is at
 * comes from the server instead, with its cards as markup, as Remix does when a route's module
 * cannot be fetched.
 */
function loadFromServer(): Promise<never> {
  window.location.reload();
  return new Promise(() => undefined);
}

const parts: Record<keyof typeof cardParts, ComponentType<CardPartProps>> = import.meta.env.SSR
  ? cardParts
  : { photo: lazyPart("photo"), main: lazyPart("main"), deal: lazyPart("deal") };

/** A card's view on the results page: from the page's search, the price drops by trip id and the card's place on the page (0 first). */
export function cardView(
  applied: ResultsState,
  [accommodationId, tripId]: ResultCardKey,
  drops: Record<string, CardView["drop"]>,
  position: number,
): CardView {
  return {
    priceMode: applied.priceMode,
    sort: applied.query.sort,
    aff: applied.aff,
    pageHref: accommodationHref(accommodationId, applied),
    newTab: applied.embed,
    drop: drops[tripId],
    ...(position === 0 && { eagerPhoto: true as const }),
  };
}

/**
 * One accommodation with its best matching offer (docs/screens.md "Results page").
 * Twenty per page: its parts are styled by a few named classes (`rc…`, `feature-chips` in
 * app/tailwind.css), not each by its own list of utility classes, so the page stays small.
 * Its photo, facts and offer are plain markup (their links are followed by the card's click
 * handler), which the server renders once for all pages that show them (cardMarkup,
 * card-markup.server.tsx) and a browser hydrating the server's page keeps
 * (no `data`); the card's frame (hovering) and save button are live.
 */
export function ResultCard({
  cardKey,
  data,
  markup,
}: {
  cardKey: ResultCardKey;
  /** The card's data and view, where the browser renders the card. */
  data?: CardPartProps;
  /** The server's markup of the card's parts, where the server renders the page. */
  markup?: CardMarkup;
}) {
  const [accommodationId, tripId] = cardKey;
  const { hoveredAccommodationId, setHoveredAccommodationId } = useHoveredAccommodation();
  const followLinks = useFollowLinks();
  return (
    // The card's links are followed by a click on the card, which Enter on a link fires too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      className="rc"
      data-hovered={hoveredAccommodationId === accommodationId ? "true" : undefined}
      onMouseEnter={() => setHoveredAccommodationId(accommodationId)}
      onMouseLeave={() => setHoveredAccommodationId(null)}
      onClick={followLinks}
    >
      <CardPart className="rc-photo" html={markup?.photo}>
        {data && <parts.photo {...data} />}
      </CardPart>
      <CardPart className="rc-main" html={markup?.main}>
        {data && <parts.main {...data} />}
      </CardPart>
      <div className="rc-offer">
        <CardPart className="rc-deal" html={markup?.deal}>
          {data && <parts.deal {...data} />}
        </CardPart>
        <SaveTripButton tripId={tripId} />
      </div>
    </article>
  );
}

/**
 * A part of the card: rendered, the server's markup, or (without either) the markup the browser has.
 */
function CardPart({ className, html, children }: { className: string; html: string | undefined; children: ReactNode }) {
  if (children !== false && children !== undefined) return <div className={className}>{children}</div>;
  if (html !== undefined) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={className} {...keepServerMarkup} />;
}
