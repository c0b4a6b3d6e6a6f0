import type { ReactNode } from "react";

/** A page of its own (the account pages, saved trips, search agents): its heading over its content. */
export function Page({ title, width = "wide", children }: { title: ReactNode; width?: "narrow" | "wide"; children: ReactNode }) {
  return (
    <main className={`mx-auto ${width === "narrow" ? "max-w-md" : "max-w-3xl"} px-4 py-8`}>
      <h1 className="mb-6 text-2xl font-bold text-brand-900">{title}</h1>
      {children}
    </main>
  );
}
