// Paid banners in the result list: each at its 1-based slot; a slot beyond the list puts it at the end.

export interface PositionedBanner {
  id: number;
  position: number;
}

export type ListEntry<T, B> = { kind: "item"; item: T } | { kind: "banner"; banner: B };

export function placeBanners<T, B extends PositionedBanner>(items: T[], banners: B[]): Array<ListEntry<T, B>> {
  const sorted = [...banners].sort((a, b) => a.position - b.position || a.id - b.id);
  const out: Array<ListEntry<T, B>> = items.map((item) => ({ kind: "item", item }));
  const tail: Array<ListEntry<T, B>> = [];
  for (const banner of sorted) {
    const index = Math.max(0, Math.floor(banner.position) - 1);
    if (index < out.length) out.splice(index, 0, { kind: "banner", banner });
    else tail.push({ kind: "banner", banner });
  }
  return [...out, ...tail];
}
