import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { banners } from "../../../db/schema";
import { bumpContentVersion } from "../../../db/content-version";
import type { BannerInput } from "~/domain/ops-forms";
import { audited, type Actor } from "~/services/audit/audit.server";

// The operators' side of the banners: create, edit, activate and deactivate, each logged.

export type StoredBanner = typeof banners.$inferSelect;

export function allBanners(db: Db): StoredBanner[] {
  return db.select().from(banners).orderBy(asc(banners.position), asc(banners.id)).all();
}

export function getBanner(db: Db, id: number): StoredBanner | undefined {
  return db.select().from(banners).where(eq(banners.id, id)).get();
}

const stored = (input: BannerInput) => ({ ...input, startsOn: input.startsOn ?? null, endsOn: input.endsOn ?? null });

export function createBanner(db: Db, input: BannerInput, active: boolean, actor: Actor): StoredBanner {
  const row = audited(db, { actor, action: "banner.create", subject: "banner" }, () => {
    const created = db
      .insert(banners)
      .values({ ...stored(input), active })
      .returning()
      .get();
    bumpContentVersion(db);
    return { before: undefined, after: created, result: created };
  });
  return row;
}

/** Replaces the banner's fields; undefined when there is no such banner. */
export function updateBanner(db: Db, id: number, input: BannerInput, actor: Actor): StoredBanner | undefined {
  const before = getBanner(db, id);
  if (!before) return undefined;
  return audited(db, { actor, action: "banner.update", subject: `banner #${id}` }, () => {
    const after = db.update(banners).set(stored(input)).where(eq(banners.id, id)).returning().get();
    bumpContentVersion(db);
    return { before, after, result: after };
  });
}

/** Shows or hides the banner; undefined when there is no such banner, the banner unchanged when it already was so. */
export function setBannerActive(db: Db, id: number, active: boolean, actor: Actor): StoredBanner | undefined {
  const before = getBanner(db, id);
  if (!before || before.active === active) return before;
  return audited(db, { actor, action: active ? "banner.activate" : "banner.deactivate", subject: `banner #${id}` }, () => {
    const after = db.update(banners).set({ active }).where(eq(banners.id, id)).returning().get();
    bumpContentVersion(db);
    return { before: { active: before.active }, after: { active: after.active }, result: after };
  });
}
