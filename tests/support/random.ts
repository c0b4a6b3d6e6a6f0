/** mulberry32: a small seeded PRNG, so randomized tests are reproducible from their seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const some = <T>(items: readonly T[], max: number): T[] => {
    const n = int(1, Math.min(max, items.length));
    const out = new Set<T>();
    while (out.size < n) out.add(pick(items));
    return [...out];
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, some, chance };
}
