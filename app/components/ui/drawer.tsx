import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { texts } from "~/domain/texts";
import { useReturnFocus } from "./return-focus";

/**
 * A bottom drawer (Headless UI Dialog): 600px tall, scrolling body, optional footer. Opened, the
 * focus moves into it (on a touch screen to the dialog itself, so no field opens the keyboard);
 * closed, it goes back to the button that opened it.
 */
export function Drawer({
  open,
  onClose,
  title,
  children,
  footer,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  useReturnFocus();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      {/* At the bottom of what the visitor sees (`.in-view`: in embed mode the partner's window). */}
      <div className="in-view flex items-end justify-center">
        <DialogPanel className="flex h-[600px] max-h-full w-full flex-col rounded-t-2xl bg-white shadow-xl" data-testid={testId}>
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogTitle className="text-lg font-bold text-brand-900">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="rounded px-2 py-1 text-sm text-slate-700 underline"
              data-testid={`${testId}-close`}
            >
              {texts.mobile.closeDrawer}
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-2">{children}</div>
          {footer && <div className="border-t border-slate-200 p-3">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
