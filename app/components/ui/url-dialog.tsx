import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { texts } from "~/domain/texts";
import { useReturnFocus } from "./return-focus";

// A dialog opened by a URL parameter and closed by going to `closeHref`. Headless UI's Dialog renders
// through a portal, which renders nothing on the server, so until the page has hydrated (and for
// visitors without JavaScript) the panel is rendered in place as a static overlay whose close
// control is a plain link. Once hydrated it is a Headless UI Dialog: focus trap, inert background,
// scroll lock, and Escape or a click on the backdrop closes it.
//
// Initial focus is the body's `autoFocus` field: React focuses it as the panel mounts, and Headless
// UI leaves focus alone when it is already inside the dialog.

// `.in-view`: over what the visitor sees (in embed mode the partner's window, app/components/embed.tsx).
const OVERLAY = "in-view z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center";
const PANEL = "w-full max-w-md rounded-xl bg-white p-6 shadow-xl";
const TITLE = "text-xl font-bold text-brand-900";

export function UrlDialog({
  title,
  closeHref,
  testId,
  children,
}: {
  title: string;
  closeHref: string;
  testId: string;
  children: ReactNode;
}) {
  // The Dialog mounts closed and opens after its first client render: Headless UI finds the page
  // to make inert only after the Dialog's first render, and looks only as it opens. So this is
  // state set once the component has mounted, not whether the page has hydrated (a dialog opened
  // later, by the toggle, mounts into a hydrated page).
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point (see above)
  useEffect(() => setOpen(true), []);
  // Closing gives the focus back to the toggle that opened it.
  useReturnFocus();
  const navigate = useNavigate();
  const titleId = useId();
  const content = (
    <>
      <div className="mb-4 flex items-start justify-between gap-4">
        {open ? (
          <DialogTitle className={TITLE}>{title}</DialogTitle>
        ) : (
          <h2 id={titleId} className={TITLE}>
            {title}
          </h2>
        )}
        <Link
          to={closeHref}
          preventScrollReset
          className="rounded px-2 py-1 text-sm font-semibold text-slate-700 underline"
          data-testid="close-dialog"
        >
          {texts.account.close}
        </Link>
      </div>
      {children}
    </>
  );

  return (
    <>
      {!open && (
        <div className={OVERLAY}>
          <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={PANEL} data-testid={testId}>
            {content}
          </div>
        </div>
      )}
      <Dialog open={open} onClose={() => navigate(closeHref, { preventScrollReset: true })} className="relative z-50">
        <div className={OVERLAY}>
          <DialogPanel className={PANEL} data-testid={testId}>
            {open && content}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
