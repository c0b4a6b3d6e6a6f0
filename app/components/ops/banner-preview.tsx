import { placeBanners } from "~/domain/banner-slots";
import { texts } from "~/domain/texts";

const TRIPS = Array.from({ length: 10 }, (_, i) => i + 1);

/** The banner at its slot in a results list of ten trips (a slot beyond them puts it last, as on the results page). No events are counted here. */
export function BannerPreview({ provider, image, position }: { provider: string; image: string; position: number }) {
  const entries = placeBanners(TRIPS, [{ id: 0, position, provider, image }]);
  return (
    <section aria-label={texts.ops.banners.previewTitle} className="rounded-lg bg-slate-50 p-4" data-testid="banner-preview">
      <h3 className="mb-3 font-semibold">{texts.ops.banners.previewTitle}</h3>
      <ol className="space-y-2">
        {entries.map((e) =>
          e.kind === "item" ? (
            <li key={`t${e.item}`} className="rounded-md bg-white p-3 text-sm text-slate-500 shadow-sm" data-testid="preview-trip">
              {texts.ops.banners.previewTrip(e.item)}
            </li>
          ) : (
            <li key="banner" className="overflow-hidden rounded-md border-2 border-brand-600 bg-white" data-testid="preview-banner">
              <span className="block px-3 pt-1 text-[11px] uppercase tracking-wide text-slate-500">{texts.banners.ad}</span>
              <img
                src={e.banner.image}
                alt={texts.banners.label(e.banner.provider)}
                width={880}
                height={120}
                className="block h-auto w-full"
              />
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
