import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { landingBoxes } from "../../db/schema";

// The landing page's boxes: ready-made searches, each a results-page query string
// (docs/urls.md "The results page"). Icons are names from app/components/search-bar/icons.tsx.

export const DEMO_LANDING_BOXES: Array<typeof landingBoxes.$inferInsert> = [
  {
    title: "Vinterferien uge 7 og 8",
    description: "Skirejser i de danske vinterferieuger – find de ledige pladser, før de er væk.",
    icon: "snowflake",
    borderColor: "#93c5fd",
    backgroundColor: "#eff6ff",
    textColor: "#1e3a8a",
    iconColor: "#2563eb",
    query: "weeks=7,8",
    sortOrder: 1,
  },
  {
    title: "Familievenlige destinationer",
    description: "Børnevenlige pister, skiskoler og boliger med plads til hele familien.",
    icon: "family",
    borderColor: "#fcd34d",
    backgroundColor: "#fffbeb",
    textColor: "#78350f",
    iconColor: "#d97706",
    query: "tags=familievenlig&adultCount=2&childrenCount=2",
    sortOrder: 2,
  },
  {
    title: "Billigste skirejser",
    description: "De laveste priser pr. person lige nu – sorteret med den billigste tur først.",
    icon: "tag",
    borderColor: "#86efac",
    backgroundColor: "#f0fdf4",
    textColor: "#14532d",
    iconColor: "#16a34a",
    query: "sort=price:asc",
    sortOrder: 3,
  },
  {
    title: "Skiferie i Østrig",
    description: "Tirol, Salzburgerland og Vorarlberg: højtliggende skisportssteder, hvor sneen er til at stole på.",
    icon: "mountain",
    borderColor: "#fca5a5",
    backgroundColor: "#fef2f2",
    textColor: "#7f1d1d",
    iconColor: "#dc2626",
    query: "destinationSlugs=oestrig",
    sortOrder: 4,
  },
  {
    title: "Norge og Sverige",
    description: "Kort rejse, lange løjper: skiferie i Norge og Sverige.",
    icon: "pine",
    borderColor: "#a5b4fc",
    backgroundColor: "#eef2ff",
    textColor: "#312e81",
    iconColor: "#4f46e5",
    query: "destinationSlugs=norge,sverige",
    sortOrder: 5,
  },
  {
    title: "Største rabatter i juleferien",
    description: "Jul og nytår på ski med de største rabatter i uge 52 og uge 1.",
    icon: "gift",
    borderColor: "#f9a8d4",
    backgroundColor: "#fdf2f8",
    textColor: "#831843",
    iconColor: "#db2777",
    query: "weeks=52,1&sort=discountPercentage:desc",
    sortOrder: 6,
  },
];

/** When the table is empty, inserts the demo landing boxes; returns how many were inserted. */
export function seedLandingBoxes(db: Db): number {
  const n =
    db
      .select({ n: sql<number>`count(*)` })
      .from(landingBoxes)
      .get()?.n ?? 0;
  if (n > 0) return 0;
  db.insert(landingBoxes).values(DEMO_LANDING_BOXES).run();
  return DEMO_LANDING_BOXES.length;
}
