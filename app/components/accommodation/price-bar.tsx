import { texts } from "~/domain/texts";

/**
 * On a phone and a tablet (the offers below the photos): a bar at the bottom of the screen with the
 * lowest price, leading to the offers. It sits just above them in the page and sticks to the
 * screen's bottom until they scroll into view (CSS `position: sticky`), where it stays behind with
 * them: no script, and it never covers the offers.
 */
export function PriceBar({ price, href }: { price: string; href: string }) {
  const t = texts.accommodation;
  return (
    <div
      className="sticky bottom-0 z-20 -mx-3 mt-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:-mx-4 lg:hidden"
      data-testid="price-bar"
    >
      <p className="text-sm text-slate-700">
        <strong className="text-lg text-slate-900">{t.fromBar(price)}</strong>
      </p>
      <a href={href} className="shrink-0 rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {t.toOffers}
      </a>
    </div>
  );
}
