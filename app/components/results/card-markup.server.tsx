import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import { cardParts } from "./card-parts";
import type { CardView } from "./result-card";
import type { CardMarkup } from "~/domain/markup-only";
import type { ResultCardItem } from "~/domain/search-result";

// The markup of the result cards' plain parts, rendered once for every page that shows the same
// card the same way: a popular search is rendered for each visitor with a cookie, and its twenty
// cards are most of the page. The key is everything the parts are made of (the card's data and
// its view), so a changed price, count or search is a new entry, never a stale one.

const MAX_CARDS = 5_000;
const cache = new LRUCache<string, CardMarkup>({ max: MAX_CARDS });

export function cardMarkup(item: ResultCardItem, view: CardView): CardMarkup {
  const key = JSON.stringify([item, view]);
  let markup = cache.get(key);
  if (!markup) {
    markup = {
      photo: renderToStaticMarkup(<cardParts.photo item={item} view={view} />),
      main: renderToStaticMarkup(<cardParts.main item={item} view={view} />),
      deal: renderToStaticMarkup(<cardParts.deal item={item} view={view} />),
    };
    cache.set(key, markup);
  }
  return markup;
}
