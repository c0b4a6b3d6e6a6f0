import { texts } from "~/domain/texts";

// One accommodation photo in a box of fixed aspect ratio, so nothing moves when it loads; lazy by
// default; a neutral placeholder (a drawn mountain, "Intet billede" for screen readers) where there is none.
// A decorative photo (a result card's, beside the name that says the same) says nothing to screen readers.
// One whose server does not answer shows the placeholder too, once JavaScript runs (failed-photos.ts).

export function Photo({
  src,
  alt,
  className = "aspect-[4/3]",
  eager = false,
  decorative = false,
}: {
  src: string | null | undefined;
  alt: string;
  /** The box: its aspect ratio and size. */
  className?: string;
  eager?: boolean;
  decorative?: boolean;
}) {
  if (!src) {
    // `.photo-none` (app/tailwind.css) draws the mountain: twenty cards on a page need no SVG each.
    return <div className={`${className} photo-none`}>{!decorative && <span className="sr-only">{texts.photos.none}</span>}</div>;
  }
  return (
    <div className={`${className} photo-box overflow-hidden rounded-lg bg-slate-100`}>
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
