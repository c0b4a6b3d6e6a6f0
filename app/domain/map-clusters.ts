// Grid clustering for the results map: points are grouped by the square cell of
// `cellSize` pixels they fall in at the map's current zoom (positions in Leaflet's projected
// pixel space, which does not move when the map pans, so clusters only change with the zoom).
// A cell with one point shows that point's price marker; a crowded cell shows one cluster marker
// at its points' centre with their count and lowest price.

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

export function gridClusters<T>(items: readonly T[], position: (item: T) => Pixel, cellSize = CLUSTER_CELL_PX): Cluster<T>[] {
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
  return [...cells.values()].map((c) => ({ items: c.items, x: c.sx / c.items.length, y: c.sy / c.items.length }));
}

/** The lowest of the items' prices (a cluster's label). */
export function lowestPrice<T>(items: readonly T[], price: (item: T) => number): number {
  let low = Infinity;
  for (const item of items) low = Math.min(low, price(item));
  return low;
}
