import { Banner, type BannerData } from "~/components/banners/banner";
import { nearScreenPart, PagePartView } from "~/components/ui/page-parts";
import { placeBanners } from "~/domain/banner-slots";
import type { CardMarkup } from "~/domain/markup-only";
import type { ResultCardItem, ResultCardKey, SearchResult } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { Pagination } from "./pagination";
import { cardView, ResultCard, type CardView } from "./result-card";
import { useSearchState } from "./search-state";

// The results page's cards: the list with its banners between them, and the map view's list
// beside the map. A card is whole where its data is at hand (a client navigation), else the
// server's markup of it (app/domain/markup-only.ts).

// Below the fold on a phone, so their code loads as they come near the screen (app/components/ui/page-parts.tsx).
const bannerPart = nearScreenPart(import.meta.env.SSR ? Banner : null, () => import("~/components/banners/banner").then((m) => m.Banner));
const paginationPart = nearScreenPart(import.meta.env.SSR ? Pagination : null, () => import("./pagination").then((m) => m.Pagination));

/** The page links under the list. */
export function PagePagination(props: { totalCount: number; pageSize: number }) {
  return <PagePartView part={paginationPart} props={props} />;
}

export type PageCardData = { key: ResultCardKey; item: ResultCardItem | undefined; markup: CardMarkup | undefined; position: number };
type Drops = Record<string, CardView["drop"]>;

/**
 * The page's cards: whole where their data is at hand (a client navigation), as markup in the
 * server's render, else their keys only, in a browser that keeps the cards' markup from the server.
 */
export function pageCards(
  result: { cardKeys: ResultCardKey[]; items: ResultCardItem[] | null },
  markup: CardMarkup[] | undefined,
): PageCardData[] {
  return result.cardKeys.map((key, i) => ({ key, item: result.items?.[i], markup: markup?.[i], position: i }));
}

/** A card kept from the server's markup is a new element once its data arrives. */
const cardKey = ({ key: [accommodationId], item }: PageCardData) => `${item ? "" : "kept-"}${accommodationId}`;

function PageCard({ card, drops }: { card: PageCardData; drops: Drops }) {
  const { applied } = useSearchState();
  const data = card.item && { item: card.item, view: cardView(applied, card.key, drops, card.position) };
  return <ResultCard cardKey={card.key} data={data} markup={card.markup} />;
}

/** The result list: the cards, and the banners at their slots between them (app/domain/banner-slots.ts). */
export function ResultsList({ cards, banners, drops }: { cards: PageCardData[]; banners: BannerData[]; drops: Drops }) {
  const { applied, searchIsLoading } = useSearchState();
  return (
    <ol
      aria-label={texts.results.listLabel}
      className={`card-list @container space-y-4 transition-opacity ${searchIsLoading ? "opacity-50" : ""}`}
      data-testid="results-list"
    >
      {placeBanners(cards, banners).map((entry) =>
        entry.kind === "item" ? (
          <li key={cardKey(entry.item)}>
            <PageCard card={entry.item} drops={drops} />
          </li>
        ) : (
          <li key={`b-${entry.banner.id}`}>
            <PagePartView part={bannerPart} props={{ banner: entry.banner, aff: applied.aff }} />
          </li>
        ),
      )}
    </ol>
  );
}

/** The map view's list beside the map: the page's cards and its pages. */
export function MapSideList({ cards, drops, pagination }: { cards: PageCardData[]; drops: Drops; pagination: SearchResult["pagination"] }) {
  return (
    <>
      <ol
        aria-label={texts.results.listLabel}
        className="@container max-h-[65vh] space-y-3 overflow-y-auto pr-1"
        data-testid="map-side-list"
      >
        {cards.map((card) => (
          <li key={cardKey(card)}>
            <PageCard card={card} drops={drops} />
          </li>
        ))}
      </ol>
      <PagePagination totalCount={pagination.totalCount} pageSize={pagination.pageSize} />
    </>
  );
}
