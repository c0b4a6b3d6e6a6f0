import { useMatches } from "@remix-run/react";

// A page whose main content sits behind a long stretch of controls (the results behind the search
// bar and the filters) offers a link to it as the first thing the keyboard reaches, shown while it
// has the focus. A route names its target in its handle; a plain link, so it works without
// JavaScript.

export interface SkipLinkHandle {
  skipLink: { href: `#${string}`; label: string };
}

export function SkipLink() {
  const target = useMatches()
    .map((m) => (m.handle as Partial<SkipLinkHandle> | undefined)?.skipLink)
    .filter((t) => t !== undefined)
    .at(-1);
  if (!target) return null;
  return (
    <a href={target.href} className="skip-link" data-testid="skip-link">
      {target.label}
    </a>
  );
}
