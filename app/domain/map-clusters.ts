// Grid clustering for the results map: points are grouped by the square cell of
// `cellSize` pixels they fall in at the map's current zoom (positions in Leaflet's projected
// pixel space, which does not move when the map pans, so clusters only change with the zoom).
// A cell with one point shows that point's price marker; a crowded cell shows one cluster marker
// at its points' centre with their count and lowest price. Markers of neighbouring cells can still
// sit a few pixels apart, so groups closer than a marker's footprint (MARKER_BOX) are merged until
// no two overlap.

export interface Pixel {
  x: number;
  y: number;
}

export interface Cluster<T> {
  items: T[];
  /** The mean position of the items (pixel space). */
  x: number;
  y: number;
}

export const CLUSTER_CELL_PX = 80;

/**
 * A marker's footprint in pixels with a little air: a price label (up to "100.000 kr.") or a
 * cluster, 44 px tall on a touch screen (app/tailwind.css `.pp-marker`). Two markers closer than
 * this on both axes would overlap.
 */
export const MARKER_BOX = { width: 104, height: 50 } as const;

export function gridClusters<T>(
  items: readonly T[],
  position: (item: T) => Pixel,
  cellSize = CLUSTER_CELL_PX,
  box: { width: number; height: number } = MARKER_BOX,
): Cluster<T>[] {
  const cells = new Map<string, { items: T[]; sx: number; sy: number }>();
  for (const item of items) {
    const { x, y } = position(item);
    const key = `${Math.floor(x / cellSize)}:${Math.floor(y / cellSize)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.items.push(item);
      cell.sx += x;
      cell.sy += y;
    } else {
      cells.set(key, { items: [item], sx: x, sy: y });
    }
  }
  const grouped = [...cells.values()].map((c) => ({ items: c.items, x: c.sx / c.items.length, y: c.sy / c.items.length }));
  return apart(grouped, box);
}

/** Two groups as one, at their items' mean position. */
function merged<T>(a: Cluster<T>, b: Cluster<T>): Cluster<T> {
  const n = a.items.length + b.items.length;
  return {
    items: [...a.items, ...b.items],
    x: (a.x * a.items.length + b.x * b.items.length) / n,
    y: (a.y * a.items.length + b.y * b.items.length) / n,
  };
}

/**
 * Merges groups closer than `box` on both axes until none are: a sweep along x in each pass, and
 * passes until one merges nothing (a merged group moves, and may then reach another).
 */
export function apart<T>(groups: Cluster<T>[], box: { width: number; height: number }): Cluster<T>[] {
  let list = groups;
  for (let changed = true; changed;) {
    changed = false;
    list = [...list].sort((a, b) => a.x - b.x);
    const taken = new Array<boolean>(list.length).fill(false);
    const out: Cluster<T>[] = [];
    for (let i = 0; i < list.length; i++) {
      if (taken[i]) continue;
      let group = list[i];
      for (let j = i + 1; j < list.length && list[j].x - list[i].x < box.width; j++) {
        if (taken[j] || Math.abs(list[j].x - group.x) >= box.width || Math.abs(list[j].y - group.y) >= box.height) continue;
        group = merged(group, list[j]);
        taken[j] = true;
        changed = true;
      }
      out.push(group);
    }
    list = out;
  }
  return list;
}

/** The lowest of the items' prices (a cluster's label). */
export function lowestPrice<T>(items: readonly T[], price: (item: T) => number): number {
  let low = Infinity;
  for (const item of items) low = Math.min(low, price(item));
  return low;
}
