import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { landingBoxes } from "../../../db/schema";
import { bumpContentVersion } from "../../../db/content-version";
import type { LandingBoxInput } from "~/domain/ops-forms";
import { audited, type Actor } from "~/services/audit/audit.server";

// The operators' side of the landing boxes: create, edit, reorder and remove, each logged.

export type StoredLandingBox = typeof landingBoxes.$inferSelect;

export function allLandingBoxes(db: Db): StoredLandingBox[] {
  return db.select().from(landingBoxes).orderBy(asc(landingBoxes.sortOrder), asc(landingBoxes.id)).all();
}

export function getLandingBox(db: Db, id: number): StoredLandingBox | undefined {
  return db.select().from(landingBoxes).where(eq(landingBoxes.id, id)).get();
}

/** A new box, last on the page. */
export function createLandingBox(db: Db, input: LandingBoxInput, actor: Actor): StoredLandingBox {
  return audited(db, { actor, action: "landing.create", subject: "forsideboks" }, () => {
    const last =
      db
        .select({ n: sql<number>`coalesce(max(${landingBoxes.sortOrder}), 0)` })
        .from(landingBoxes)
        .get()?.n ?? 0;
    const created = db
      .insert(landingBoxes)
      .values({ ...input, sortOrder: last + 1 })
      .returning()
      .get();
    bumpContentVersion(db);
    return { before: undefined, after: created, result: created };
  });
}

export function updateLandingBox(db: Db, id: number, input: LandingBoxInput, actor: Actor): StoredLandingBox | undefined {
  const before = getLandingBox(db, id);
  if (!before) return undefined;
  return audited(db, { actor, action: "landing.update", subject: `forsideboks #${id}` }, () => {
    const after = db.update(landingBoxes).set(input).where(eq(landingBoxes.id, id)).returning().get();
    bumpContentVersion(db);
    return { before, after, result: after };
  });
}

/** Swaps the box with its neighbour above or below; false when there is no such box, true otherwise (also at either end, where nothing moves). */
export function moveLandingBox(db: Db, id: number, direction: "up" | "down", actor: Actor): boolean {
  const boxes = allLandingBoxes(db);
  const index = boxes.findIndex((b) => b.id === id);
  if (index < 0) return false;
  const other = direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= boxes.length) return true;
  const order = boxes.map((b) => b.id);
  [order[index], order[other]] = [order[other], order[index]];
  audited(db, { actor, action: "landing.move", subject: `forsideboks #${id}` }, () => {
    // Renumbered 1…n, so equal sort orders from before never make a move a no-op.
    order.forEach((boxId, i) =>
      db
        .update(landingBoxes)
        .set({ sortOrder: i + 1 })
        .where(eq(landingBoxes.id, boxId))
        .run(),
    );
    bumpContentVersion(db);
    return { before: { position: index + 1 }, after: { position: other + 1 }, result: undefined };
  });
  return true;
}

export function removeLandingBox(db: Db, id: number, actor: Actor): boolean {
  const before = getLandingBox(db, id);
  if (!before) return false;
  audited(db, { actor, action: "landing.remove", subject: `forsideboks #${id}` }, () => {
    db.delete(landingBoxes).where(eq(landingBoxes.id, id)).run();
    bumpContentVersion(db);
    return { before, after: undefined, result: undefined };
  });
  return true;
}
