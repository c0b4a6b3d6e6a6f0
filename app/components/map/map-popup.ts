import { escapeHtml } from "~/domain/escape-html";
import { formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { MapData, MapPoint } from "~/domain/search-result";

/**
 * A results-map marker's popup, as the HTML Leaflet sets: the accommodation, its resort and stars,
 * the departure, the price and the offer's link. Every feed string is escaped (docs/feed.md: a
 * feed's text is never markup).
 */
export function popupHtml(data: MapData, p: MapPoint, aff: string | undefined): string {
  const [, , , price, name, resortIx, rating, companyIx, departure, nights, tripId] = p;
  const resort = data.resorts[resortIx];
  const company = data.companies[companyIx] ?? "";
  const r = texts.results;
  const unit = data.priceMode === "total" ? texts.map.party : texts.map.perPerson;
  return `<div class="space-y-1 text-sm" data-testid="map-popup">
<p class="text-base font-bold text-brand-900">${escapeHtml(name)}</p>
<p class="text-slate-600">${escapeHtml(`${resort?.name ?? ""}, ${resort?.country ?? ""}`)} <span class="text-amber-500" role="img" aria-label="${escapeHtml(r.stars(rating))}">${"★".repeat(rating)}</span></p>
<p>${escapeHtml(r.departure(formatShortDate(departure), nights))}</p>
<p><strong class="text-lg">${escapeHtml(formatPrice(price))}</strong> ${escapeHtml(unit)}</p>
<p><a class="font-semibold text-brand-700 underline" href="${escapeHtml(offerRedirectHref(tripId, aff))}" target="_blank" rel="noopener nofollow">${escapeHtml(r.seeOffer(company))}</a></p>
</div>`;
}
