import { useId, useState, type ReactNode } from "react";

/** A foldable accordion section of the filter sidebar (a disclosure); open by default, and always open without JavaScript. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section className="border-b border-slate-200 py-3" data-testid={testId} data-section={title}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
          className="section-toggle"
        >
          <span>{title}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20">
            <path
              fill="currentColor"
              d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
            />
          </svg>
        </button>
      </h3>
      {open && (
        <div id={panelId} className="pt-2">
          {children}
        </div>
      )}
    </section>
  );
}
