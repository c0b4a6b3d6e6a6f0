import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { texts } from "~/domain/texts";
import { Photo } from "./photo";

// The accommodation page's photos: a horizontal strip that snaps to one photo at a time (CSS
// scroll-snap: swipe, scroll or tab through it), every photo in the same fixed aspect ratio and
// lazily loaded after the first; one neutral placeholder when there are none. Each photo is a link
// to the image itself, which is the larger view without JavaScript; with it, the link opens the
// photo large in a modal <dialog> (the browser's: focus kept inside, Escape closes it), where the
// arrow keys and two buttons go through the photos.

export function Gallery({ name, photos }: { name: string; photos: readonly string[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  if (!photos.length) return <Photo src={null} alt="" className="aspect-[16/9]" />;
  const t = texts.photos;
  const alt = (k: number) => t.galleryItem(name, k + 1, photos.length);

  const open = (k: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier key) gets the image itself, as without JavaScript.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setShown(k);
    dialog.current?.showModal();
  };
  const step = (by: 1 | -1) => setShown((k) => (k === null ? k : (k + by + photos.length) % photos.length));
  const close = () => dialog.current?.close();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <ul
        aria-label={t.galleryLabel(name)}
        // Focusable, so the strip scrolls with the keyboard too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="flex snap-x snap-mandatory gap-2 overflow-x-auto rounded-lg"
        data-testid="gallery"
      >
        {photos.map((src, k) => (
          <li key={src} className="w-full shrink-0 snap-center sm:w-4/5">
            <a href={src} onClick={open(k)} className="group relative block" data-testid="gallery-photo">
              <Photo src={src} alt={alt(k)} className="aspect-[16/9]" eager={k === 0} />
              <span
                className="absolute bottom-2 right-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white group-hover:bg-slate-900"
                aria-hidden="true"
              >
                {t.enlargeBadge}
              </span>
              <span className="sr-only">{` – ${t.enlarge}`}</span>
            </a>
          </li>
        ))}
      </ul>
      {/* The dialog's own keys (arrows) while focus is inside it: a modal dialog's content is all there is. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-label={t.galleryLabel(name)}
        className="m-auto max-h-[96vh] max-w-[min(96vw,1200px)] rounded-xl bg-slate-950 p-0 text-white backdrop:bg-slate-950/80"
        onKeyDown={onKeyDown}
        // A click on the backdrop (the dialog element itself, around its content) closes it.
        onClick={(event) => event.target === event.currentTarget && close()}
        onClose={() => {
          setShown(null);
          opener.current?.focus();
        }}
        data-testid="gallery-dialog"
      >
        {shown !== null && (
          <figure className="flex flex-col items-center gap-2 p-3">
            <img
              src={photos[shown]}
              alt={alt(shown)}
              referrerPolicy="no-referrer"
              className="max-h-[80vh] w-auto max-w-full rounded-lg object-contain"
              data-testid="gallery-large"
            />
            <figcaption className="flex w-full items-center justify-between gap-3 text-sm">
              <span aria-live="polite">{t.position(shown + 1, photos.length)}</span>
              <span className="flex gap-2">
                {photos.length > 1 && (
                  <>
                    <DialogButton label={t.previous} onClick={() => step(-1)}>
                      ‹
                    </DialogButton>
                    <DialogButton label={t.next} onClick={() => step(1)}>
                      ›
                    </DialogButton>
                  </>
                )}
                <DialogButton label={t.close} onClick={close} testId="gallery-close">
                  ✕
                </DialogButton>
              </span>
            </figcaption>
          </figure>
        )}
      </dialog>
    </>
  );
}

function DialogButton({ label, onClick, children, testId }: { label: string; onClick: () => void; children: string; testId?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="h-10 w-10 rounded-full bg-white/10 text-xl leading-none hover:bg-white/25"
      data-testid={testId}
    >
      {children}
    </button>
  );
}
