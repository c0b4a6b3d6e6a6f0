import { texts } from "~/domain/texts";
import { Photo } from "./photo";

// The accommodation page's photos: a horizontal strip that snaps to one photo at a time (CSS
// scroll-snap: swipe, scroll or tab through it, no JavaScript), every photo in the same fixed
// aspect ratio and lazily loaded after the first; one neutral placeholder when there are none.

export function Gallery({ name, photos }: { name: string; photos: readonly string[] }) {
  if (!photos.length) return <Photo src={null} alt="" className="aspect-[16/9]" />;
  return (
    <ul
      aria-label={texts.photos.galleryLabel(name)}
      // Focusable, so the strip scrolls with the keyboard too.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="flex snap-x snap-mandatory gap-2 overflow-x-auto rounded-lg"
      data-testid="gallery"
    >
      {photos.map((src, k) => (
        <li key={src} className="w-full shrink-0 snap-center sm:w-4/5">
          <Photo src={src} alt={texts.photos.galleryItem(name, k + 1, photos.length)} className="aspect-[16/9]" eager={k === 0} />
        </li>
      ))}
    </ul>
  );
}
