import { Link } from "@remix-run/react";
import type { LandingBoxView } from "~/domain/landing-box";
import { LandingIcon } from "../search-bar/icons";

/** A tile's width on the dashboard: about a third of the landing page's column, as the travellers see it there. */
export const TILE_AS_ON_LANDING = "w-full max-w-xs";

/** A landing box: a link to its ready-made search in its own colours (the landing page and the dashboard's preview). */
export function LandingBoxTile({ box, testId = "landing-box" }: { box: LandingBoxView; testId?: string }) {
  return (
    <Link
      to={box.href}
      className="flex h-full gap-4 rounded-2xl border-2 p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      style={{ borderColor: box.borderColor, backgroundColor: box.backgroundColor, color: box.textColor }}
      data-testid={testId}
    >
      <LandingIcon name={box.icon} color={box.iconColor} className="h-9 w-9 shrink-0" />
      <span>
        <span className="block text-lg font-bold">{box.title}</span>
        <span className="mt-1 block text-sm">{box.description}</span>
      </span>
    </Link>
  );
}
