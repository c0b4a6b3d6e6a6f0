import type { Db } from "../../../db/client";

// An accommodation's photos as the catalogue holds them: the feed's imageUrl first, then its images
// list, each once (the first definition of an accommodation stands: cli/import/catalogue.ts).

export function accommodationPhotos(db: Db, accommodationId: string): string[] {
  const row = db.$client.prepare("SELECT image_url AS imageUrl, images FROM accommodations WHERE id = ?").get(accommodationId) as
    { imageUrl: string | null; images: string | null } | undefined;
  if (!row) return [];
  const images = row.images === null ? [] : (JSON.parse(row.images) as string[]);
  return [...new Set([...(row.imageUrl ? [row.imageUrl] : []), ...images])];
}
