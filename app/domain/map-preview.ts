// A map's first picture, drawn by the server: where the places lie, as dots in Web Mercator (the
// projection of the map that replaces it, so the dots land where its markers will), fitted to their
// bounds. A destination page shows it until the map's code loads at the visitor's first interaction
// (README, "Performance"), and in its place without JavaScript.

/** The picture's width, in its own units; the dots' positions are rounded to them. */
export const PREVIEW_SIZE = 1000;

/**
 * The smallest span shown, in Mercator units (the world is 1 wide): about what the map shows at its
 * fitted view's highest zoom (12) in a 320 px box, so a lone place is not blown up to fill the box.
 */
const MIN_SPAN = 320 / (256 * 2 ** 12);

/** Room kept round the dots, as a share of their longer extent. */
const PADDING = 0.12;

/** The picture's width to its height: about the map box's on a phone and a desktop (app/components/map/destination-map.tsx). */
const ASPECT = 8 / 7;

/** The labels' font size, in the picture's units (about 13 px in the map's box). */
export const LABEL_SIZE = 40;

export interface MapPreview {
  width: number;
  height: number;
  /** Each place's position, at most one dot per unit. */
  dots: Array<[x: number, y: number]>;
  /** Names at their positions (a resort's centre), beside it where they fit, none over another. */
  labels: Array<{ name: string; x: number; y: number; anchor: "start" | "end" }>;
}

/** A position in Web Mercator's unit square (x east from −180°, y south from about 85° N). */
function mercator(lat: number, lng: number): [number, number] {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** The picture of places at `spots` ([lat, lng]) with `named` places' names; null when there are none. */
export function mapPreview(
  spots: Array<[lat: number, lng: number]>,
  named: Array<{ name: string; lat: number; lng: number }> = [],
): MapPreview | null {
  if (spots.length === 0) return null;
  const projected = spots.map(([lat, lng]) => mercator(lat, lng));
  // A loop, not Math.min(...xs): a page may have as many places as the store has accommodations.
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of projected) {
    [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
  }
  const longest = Math.max(maxX - minX, maxY - minY, MIN_SPAN);
  // The box's shape, whichever side the places stretch along: the narrower span grows to fit it.
  const spanX = Math.max(maxX - minX + 2 * PADDING * longest, (maxY - minY + 2 * PADDING * longest) * ASPECT, MIN_SPAN);
  const spanY = spanX / ASPECT;
  const scale = PREVIEW_SIZE / spanX;
  const width = PREVIEW_SIZE;
  const height = Math.round(spanY * scale);
  const left = (minX + maxX) / 2 - spanX / 2;
  const top = (minY + maxY) / 2 - spanY / 2;
  const seen = new Set<string>();
  const dots: MapPreview["dots"] = [];
  for (const [x, y] of projected) {
    const dot: [number, number] = [Math.round((x - left) * scale), Math.round((y - top) * scale)];
    const key = `${dot[0]},${dot[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    dots.push(dot);
  }
  const at = (lat: number, lng: number) => {
    const [x, y] = mercator(lat, lng);
    return [Math.round((x - left) * scale), Math.round((y - top) * scale)] as const;
  };
  return { width, height, dots, labels: placedLabels(named, at, width, height) };
}

/** Room a label keeps from its dot, in the picture's units. */
const LABEL_GAP = 24;

/** Each name beside its place, right of it or, at the right edge, left; a name that would cover one already placed, or stand outside the picture, is left out. */
function placedLabels(
  named: Array<{ name: string; lat: number; lng: number }>,
  at: (lat: number, lng: number) => readonly [number, number],
  width: number,
  height: number,
): MapPreview["labels"] {
  const taken: Array<{ left: number; right: number; top: number; bottom: number }> = [];
  const labels: MapPreview["labels"] = [];
  for (const { name, lat, lng } of named) {
    const [x, y] = at(lat, lng);
    // An estimate of the text's width: a sans-serif letter is about 0.55 em wide on average.
    const length = name.length * 0.55 * LABEL_SIZE;
    const half = (LABEL_SIZE * 1.4) / 2;
    const anchor = x + LABEL_GAP + length <= width ? "start" : "end";
    const box =
      anchor === "start"
        ? { left: x + LABEL_GAP, right: x + LABEL_GAP + length, top: y - half, bottom: y + half }
        : { left: x - LABEL_GAP - length, right: x - LABEL_GAP, top: y - half, bottom: y + half };
    if (box.left < 0 || box.top < 0 || box.bottom > height) continue;
    if (taken.some((t) => box.left < t.right && t.left < box.right && box.top < t.bottom && t.top < box.bottom)) continue;
    taken.push(box);
    labels.push({ name, x: anchor === "start" ? box.left : box.right, y, anchor });
  }
  return labels;
}
