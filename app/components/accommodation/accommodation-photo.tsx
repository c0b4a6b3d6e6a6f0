import { texts } from "~/domain/texts";

/**
 * An accommodation's photo in a fixed aspect ratio (no layout shift), lazily loaded, or a neutral
 * placeholder where there is none. The one place a card or page draws the photo.
 */
export function AccommodationPhoto({ name, imageUrl, className = "" }: { name: string; imageUrl: string | null; className?: string }) {
  return (
    <div className={`aspect-[4/3] overflow-hidden rounded-lg bg-slate-200 ${className}`} data-testid="accommodation-photo">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={texts.accommodation.photoAlt(name)}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="flex h-full w-full items-center justify-center text-sm text-slate-500">{texts.accommodation.noPhoto}</span>
      )}
    </div>
  );
}
