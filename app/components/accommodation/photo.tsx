import { texts } from "~/domain/texts";

// One accommodation photo in a box of fixed aspect ratio, so nothing moves when it loads; lazy by
// default; a neutral placeholder (a drawn mountain, "Intet billede" for screen readers) where there is none.

export function Photo({
  src,
  alt,
  className = "aspect-[4/3]",
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  /** The box: its aspect ratio and size. */
  className?: string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={`${className} flex items-center justify-center overflow-hidden rounded-lg bg-slate-100`}
        data-testid="photo-placeholder"
      >
        <svg viewBox="0 0 48 32" className="h-1/3 w-1/3 text-slate-300" aria-hidden="true" focusable="false">
          <path d="M0 32 L16 10 L24 20 L32 6 L48 32 Z" fill="currentColor" />
        </svg>
        <span className="sr-only">{texts.photos.none}</span>
      </div>
    );
  }
  return (
    <div className={`${className} overflow-hidden rounded-lg bg-slate-100`}>
      <img
        src={src}
        alt={alt}
        width={800}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        referrerPolicy="no-referrer"
        className="h-full w-full object-cover"
        data-testid="photo"
      />
    </div>
  );
}
