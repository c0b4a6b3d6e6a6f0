import { asc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { landingBoxes } from "../../../db/schema";
import { RESULTS_PATH } from "~/domain/constants";
import { parseResultsParams, resultsHref } from "~/domain/results-url";
import type { LandingBox } from "~/domain/landing-box";

// The landing page's boxes (stored in SQLite, seeded by cli/demo/landing-boxes.ts): each opens its
// ready-made search at the results page's canonical URL.

/** A CSS colour from the store, or a safe default (the value goes into an inline style). */
function colour(value: string, fallback: string): string {
  return /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-zA-Z]{3,20})$/.test(value.trim()) ? value.trim() : fallback;
}

export function landingBoxList(db: Db): LandingBox[] {
  return db
    .select()
    .from(landingBoxes)
    .orderBy(asc(landingBoxes.sortOrder), asc(landingBoxes.id))
    .all()
    .map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      icon: row.icon,
      borderColor: colour(row.borderColor, "#cbd5e1"),
      backgroundColor: colour(row.backgroundColor, "#ffffff"),
      textColor: colour(row.textColor, "#0f172a"),
      iconColor: colour(row.iconColor, "#1d5fbf"),
      href: resultsHref(parseResultsParams(new URLSearchParams(row.query)), RESULTS_PATH),
    }));
}
