import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { readContentVersion } from "../../db/content-version";
import { readGeneration } from "../../db/generation";
import { readResortFacts } from "../../app/services/destinations/resort-facts.server";
import { runIndexer } from "../support/cli";
import { importLines, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";

// Resort facts from the operators' CLI (docs/feed.md "Resort facts"): `catalogue set resort SLUG
// FIELD VALUE` and `catalogue import FILE`, run as an operator runs them, on a store that knows
// two resorts. A fact change is audited and bumps the content version, never the index generation.

let db: Db;
let file: string;
let dir: string;

const soelden = {
  slug: "solden",
  name: "Sölden",
  region: { slug: "tirol", name: "Tirol" },
  country: { slug: "oestrig", name: "Østrig" },
};

beforeAll(async () => {
  ({ db, file, dir } = tempDb());
  await importLines(db, [
    trip({ departureDate: departureInDays(40) }),
    trip({
      id: "s1",
      departureDate: departureInDays(40),
      accommodation: { id: "hotel-solden", name: "Hotel Sölden", lat: 46.96, lng: 11.0, destination: soelden },
    }),
  ]);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const indexer = (...args: string[]) => runIndexer(args, { DATABASE_URL: file });
const auditRows = () => db.$client.prepare("SELECT actor, action, subject, before, after FROM audit_log ORDER BY id").all();

describe("catalogue set resort SLUG FIELD VALUE", () => {
  it("sets a fact, prints it, audits it and bumps the content version, not the generation", async () => {
    const generation = readGeneration(db);
    const version = readContentVersion(db);
    const ran = await indexer("catalogue", "set", "resort", "val-thorens", "topAltitude", "3230");
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).toBe("resort val-thorens: topAltitude (ingen) → 3230.");
    expect(readResortFacts(db, "val-thorens")).toEqual({ topAltitude: 3230 });
    expect(readGeneration(db)).toBe(generation);
    expect(readContentVersion(db)).toBe(version + 1);
    expect(auditRows().at(-1)).toEqual({
      actor: "CLI",
      action: "resort.facts",
      subject: "resort val-thorens",
      before: "{}",
      after: '{"topAltitude":3230}',
    });
  });

  it("takes a decimal comma for kilometres and shows the facts beside the resort's names", async () => {
    expect((await indexer("catalogue", "set", "resort", "val-thorens", "pisteKmRed", "12,5")).code).toBe(0);
    const shown = await indexer("catalogue", "show", "resort", "val-thorens");
    expect(JSON.parse(shown.stdout)).toEqual({ name: "Val Thorens", region: "les-3-vallees", topAltitude: 3230, pisteKmRed: 12.5 });
  });

  it("says when nothing changes, and writes nothing", async () => {
    const rows = auditRows().length;
    const ran = await indexer("catalogue", "set", "resort", "val-thorens", "topAltitude", "3230");
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).toBe("resort val-thorens: topAltitude er allerede 3230; intet er ændret.");
    expect(auditRows()).toHaveLength(rows);
  });

  it("refuses a bad value, an unknown field or resort, and a lowest point above the highest, with a Danish reason and exit 2", async () => {
    const cases: Array<[string[], string]> = [
      [["val-thorens", "topAltitude", "høj"], "Fejl: topAltitude: skal være et helt tal fra 0 til 9.000"],
      [["val-thorens", "lifts", "2.5"], "Fejl: lifts: skal være et helt tal fra 0 til 1.000"],
      [["val-thorens", "pisteKmBlue", "1,25"], "Fejl: pisteKmBlue: skal være et tal fra 0 til 2.000 med højst én decimal"],
      [["val-thorens", "seasonFirstMonth", "13"], "Fejl: seasonFirstMonth: skal være et helt tal fra 1 til 12"],
      [["val-thorens", "bottomAltitude", "3300"], "Fejl: bottomAltitude (3.300 m) ligger over topAltitude (3.230 m)"],
      [["ukendt-sted", "lifts", "3"], "Fejl: resort ukendt-sted findes ikke i kataloget"],
    ];
    const [unknownField, ...ran] = await Promise.all([
      indexer("catalogue", "set", "resort", "val-thorens", "snow", "3"),
      ...cases.map(([args]) => indexer("catalogue", "set", "resort", ...args)),
    ]);
    cases.forEach(([args, message], k) => {
      expect(ran[k].code, args.join(" ")).toBe(2);
      expect(ran[k].stderr.trim()).toBe(message);
    });
    expect(unknownField.code).toBe(2);
    expect(unknownField.stderr).toMatch(/^Fejl: ukendt felt: snow \(name, region, topAltitude, .*flightMinutes\)/);
    expect(readResortFacts(db, "val-thorens")).toEqual({ topAltitude: 3230, pisteKmRed: 12.5 });
  });

  it("removes a fact with -", async () => {
    const ran = await indexer("catalogue", "set", "resort", "val-thorens", "pisteKmRed", "-");
    expect(ran.stdout.trim()).toBe("resort val-thorens: pisteKmRed 12.5 → (ingen).");
    expect(readResortFacts(db, "val-thorens")).toEqual({ topAltitude: 3230 });
  });
});

describe("catalogue import FILE", () => {
  const write = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  it("writes the good lines and reports each bad one with its line number and Danish reason (exit 1)", async () => {
    const feed = write(
      "facts.ndjson",
      [
        JSON.stringify({ resort: "solden", topAltitude: 3340, bottomAltitude: 1350, lifts: 31, seasonFirstMonth: 11, seasonLastMonth: 5 }),
        JSON.stringify({ resort: "ikke-her", lifts: 3 }),
        JSON.stringify({ resort: "val-thorens", lifts: "mange" }),
        "{ikke json",
        "",
        JSON.stringify({ resort: "val-thorens", snow: 2 }),
        JSON.stringify({ resort: "val-thorens", bottomAltitude: 3500 }),
        JSON.stringify({ topAltitude: 100 }),
        "[1]",
        JSON.stringify({ resort: "val-thorens", busMinutes: 1260, flightMinutes: null, topAltitude: null }),
      ].join("\n"),
    );
    const ran = await indexer("catalogue", "import", feed);
    expect(ran.code).toBe(1);
    expect(ran.stderr.trim().split("\n")).toEqual([
      "Linje 2: resort ikke-her findes ikke i kataloget",
      "Linje 3: lifts: skal være et helt tal fra 0 til 1.000",
      "Linje 4: linjen er ikke gyldig JSON",
      "Linje 6: linjen: ukendte felter: snow",
      "Linje 7: bottomAltitude (3.500 m) ligger over topAltitude (3.230 m)",
      "Linje 8: resort mangler",
      "Linje 9: linjen skal være et JSON-objekt",
    ]);
    expect(ran.stdout).toContain("opdateret: 2");
    expect(ran.stdout).toContain("afvist:    7");
    expect(readResortFacts(db, "solden")).toEqual({
      topAltitude: 3340,
      bottomAltitude: 1350,
      lifts: 31,
      seasonFirstMonth: 11,
      seasonLastMonth: 5,
    });
    // null removes a fact; a fact the line does not name stays as it was.
    expect(readResortFacts(db, "val-thorens")).toEqual({ busMinutes: 1260 });
  });

  it("imports nothing from a file without a valid line, a missing file or an empty one (exit 2)", async () => {
    const [bad, missing, empty] = await Promise.all([
      indexer("catalogue", "import", write("bad.ndjson", '{"resort":"solden","lifts":-1}\n')),
      indexer("catalogue", "import", path.join(dir, "findes-ikke.ndjson")),
      indexer("catalogue", "import", write("empty.ndjson", "\n\n")),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Linje 1: lifts: skal være et helt tal fra 0 til 1.000");
    expect(bad.stderr).toContain("Fejl: ingen gyldige linjer: intet blev importeret.");
    expect(readResortFacts(db, "solden").lifts).toBe(31);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Fejl: kan ikke læse filen");
    expect(empty.code).toBe(2);
    expect(empty.stderr.trim()).toBe("Fejl: filen er tom: ingen linjer at importere.");
  });
});
