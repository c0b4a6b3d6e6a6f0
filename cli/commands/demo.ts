import { once } from "node:events";
import type { Writable } from "node:stream";
import { todayInDenmark } from "../../app/domain/dates";
import { defaultSeason, generateDemoFeed } from "../demo/generate";

/** `demo`: writes the deterministic demo feed as NDJSON, so demo data go through `import`. */
export async function runDemo(opts: { trips: number; seed: number; season?: number; imageBase?: string }, out: Writable): Promise<void> {
  const season = opts.season ?? defaultSeason(todayInDenmark());
  let chunk = "";
  for (const line of generateDemoFeed({ trips: opts.trips, seed: opts.seed, season, imageBase: opts.imageBase })) {
    chunk += JSON.stringify(line) + "\n";
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  if (chunk && !out.write(chunk)) await once(out, "drain");
  if (out !== process.stdout) {
    out.end();
    await once(out, "finish");
  }
}
