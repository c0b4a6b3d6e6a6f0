import { useId, useState, type ReactNode } from "react";

/** A foldable accordion section of the filter sidebar (a disclosure); open by default, and always open without JavaScript. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section className="border-b border-slate-200 py-3" data-section={title}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
          className="section-toggle"
        >
          {/* `.section-toggle` (app/tailwind.css) draws the chevron after the title. */}
          <span>{title}</span>
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
