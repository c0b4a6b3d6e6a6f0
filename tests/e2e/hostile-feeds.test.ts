import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESULTS_PATH, STORE_LIMITS } from "~/domain/constants";
import { hashPassword } from "~/services/accounts/password.server";
import type { FeedLine } from "../../cli/feed-schema";
import { runIndexer, startIndexer } from "../support/cli";
import { departureInDays, trip, type DeepPartial } from "../support/feed";
import { startServer } from "../support/server";
import { useServer } from "./support/suite";

// Many companies' feeds in one store, tried as an operator would, against a running server on the
// demo data: no feed can crash the site, overwrite another company, or freeze it. Every test ends
// with the results page answering 200 and Alpetours' offers (a demo company no feed here is from)
// exactly as they were.

const suite = useServer({ demoTrips: 3000 });
let dir: string;
let alpetoursBefore: unknown[];

/** A read-only look at the server's store. */
function query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(suite.server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
const alpetours = () => query("SELECT * FROM trips WHERE company_slug = 'alpetours' ORDER BY id");
const generation = () => Number(query<{ value: string }>("SELECT value FROM meta WHERE key = 'generation'")[0].value);
const forSale = (company: string) =>
  query<{ n: number }>("SELECT count(*) AS n FROM trips WHERE company_slug = ? AND available = 1", company)[0].n;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-hostile-"));
  alpetoursBefore = alpetours();
  expect(alpetoursBefore.length).toBeGreaterThan(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function feed(name: string, lines: Array<FeedLine | string>): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return file;
}
const indexer = (...args: string[]) => runIndexer(args, { DATABASE_URL: suite.server.dbFile });
const get = (p: string, init?: RequestInit) => fetch(suite.server.url + p, { redirect: "manual", ...init });
/** Trips the running server finds for a company (its index, not the store). */
async function served(company: string): Promise<number> {
  const res = await get(`/api/search?travelCompanies=${company}`);
  return ((await res.json()) as { totalCount: number }).totalCount;
}

async function stillServing(): Promise<void> {
  const page = await get(RESULTS_PATH);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<html");
  expect(alpetours()).toEqual(alpetoursBefore);
}

/** `n` valid offers of a company, each at one of a few new accommodations at a known resort. */
function offers(company: { slug: string; name: string }, n: number, patch: (k: number) => DeepPartial<FeedLine> = () => ({})): FeedLine[] {
  return Array.from({ length: n }, (_, k) =>
    trip({
      id: `${company.slug}-${k}`,
      travelCompany: company,
      accommodation: { id: `${company.slug}-hotel-${k % 20}`, name: `${company.name} Hotel ${k % 20}` },
      departureDate: departureInDays(30 + (k % 120)),
      persons: 2,
      price: 8000 + 2 * (k % 1000),
      pricePerPerson: 4000 + (k % 1000),
      originalPrice: null,
      url: `https://${company.slug}.example.dk/${k}`,
      ...patch(k),
    }),
  );
}

describe("feeds that cannot harm the site", () => {
  it("1. a feed with more meal plans or companies than the store holds is refused whole; within the limits it imports, the vocabulary shrinks again, and the server restarts", async () => {
    const pension = { slug: "pensionsrejser", name: "Pensionsrejser" };
    const mealPlan = (k: number) => ({ slug: `testpension-${k}`, title: `Testpension ${k}`, short: `T${k}` });
    const seventy = await indexer(
      "import",
      feed(
        "meals.ndjson",
        offers(pension, 70, (k) => ({ mealPlan: mealPlan(k) })),
      ),
    );
    expect(seventy.code).toBe(2);
    expect(seventy.stderr).toContain(`Feedet nævner flere end ${STORE_LIMITS.mealPlans} pensionstyper`);
    const companies = offers(pension, 1025, (k) => ({ travelCompany: { slug: `selskab-${k}`, name: `Selskab ${k}` } }));
    const many = await indexer("import", feed("companies.ndjson", companies));
    expect(many.code).toBe(2);
    expect(many.stderr).toContain(`Feedet nævner flere end ${STORE_LIMITS.companies} rejseselskaber`);

    // The demo uses 5 meal plans: 15 more is the most the store takes.
    const inUse = query("SELECT DISTINCT meal_plan_slug FROM trips WHERE available = 1").length;
    const within = await indexer(
      "import",
      feed(
        "within.ndjson",
        offers(pension, STORE_LIMITS.mealPlans - inUse, (k) => ({ mealPlan: mealPlan(k) })),
      ),
    );
    expect(within.code).toBe(0);
    await expect.poll(() => served(pension.slug)).toBe(STORE_LIMITS.mealPlans - inUse);
    expect(await (await get(RESULTS_PATH)).text()).toContain("Testpension 3");

    expect((await indexer("retire", pension.slug)).code).toBe(0);
    await expect.poll(() => served(pension.slug)).toBe(0);
    expect(await (await get(RESULTS_PATH)).text()).not.toContain("Testpension 3");

    const restarted = await startServer({ dbFile: suite.server.dbFile });
    try {
      expect((await fetch(restarted.url + RESULTS_PATH)).status).toBe(200);
    } finally {
      await restarted.stop();
    }
    await stillServing();
  });

  it("2. another company's line with an Alpetours trip id adds its own offer: Alpetours' offer, link and price stay, and the copy's next feed retires only the copy", async () => {
    const [target] = alpetoursBefore as Array<{ id: string; url: string }>;
    const copycat = { slug: "kopirejser", name: "Kopirejser" };
    const first = await indexer(
      "import",
      feed("copy.ndjson", [
        trip({ id: target.id, travelCompany: copycat, departureDate: departureInDays(40), url: "https://kopi.example.dk/1" }),
      ]),
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/tilføjet:\s+1/);
    expect((await get(`/ud/${target.id}`)).headers.get("location")).toBe(target.url);
    expect((await get(`/ud/kopirejser:${target.id}`)).headers.get("location")).toBe("https://kopi.example.dk/1");

    const next = await indexer(
      "import",
      feed("copy-2.ndjson", [trip({ id: "kopi-2", travelCompany: copycat, departureDate: departureInDays(41) })]),
      "--allow-retire",
    );
    expect(next.stdout).toMatch(/ikke udbudt:\s+1/);
    expect(query("SELECT id, available FROM trips WHERE company_slug = 'kopirejser' ORDER BY id")).toEqual([
      { id: "kopi-2", available: 1 },
      { id: `kopirejser:${target.id}`, available: 0 },
    ]);
    await stillServing();
  });

  it("3. an import never freezes the site: log-in, banner events and click-outs are answered while it writes, and a killed import leaves the store as it was", async () => {
    const email = "skribent@example.dk";
    const password = "hemmelig-kode-1";
    const store = new Database(suite.server.dbFile);
    store.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(email, await hashPassword(password));
    const bannerId = store.prepare("SELECT id FROM banners LIMIT 1").pluck().get() as number;
    store.close();
    const big = { slug: "storrejser", name: "Storrejser" };
    const lines = offers(big, 40_000);
    const running = startIndexer(["import", feed("big.ndjson", lines)], { DATABASE_URL: suite.server.dbFile });
    await expect.poll(() => running.output().stderr, { timeout: 90_000 }).toMatch(/Skriver 40\.000 ændrede tilbud i korte transaktioner/);

    const origin = { origin: suite.server.url };
    const answers: Array<{ status: number; importDone: boolean }> = [];
    const note = (res: Response) => answers.push({ status: res.status, importDone: running.output().stdout.includes("Importeret på") });
    note(await get("/konto/log-ind", { method: "POST", headers: origin, body: new URLSearchParams({ email, password }) }));
    note(
      await get("/api/banner-events", {
        method: "POST",
        headers: { ...origin, "content-type": "application/json" },
        body: JSON.stringify({ bannerId, kind: "view" }),
      }),
    );
    note(await get(`/ud/${(alpetoursBefore[0] as { id: string }).id}`));
    expect(answers.map((a) => a.status)).toEqual([302, 204, 302]);
    expect(answers.filter((a) => a.importDone)).toEqual([]);
    expect((await running.done).code).toBe(0);
    await expect.poll(() => served(big.slug)).toBeGreaterThan(0);

    // Killed (SIGKILL) half-way through writing a change of every offer: the live store is exactly as before
    // (but for the leases in meta: the killed import's lock, which the next command takes over: cli/apply/lock.ts, and
    // the rows of the store's users with their heartbeats: db/store-users.ts).
    const dump = () =>
      ["trips", "accommodations", "accommodation_features", "accommodation_tags", "resorts", "regions", "countries"]
        .concat(["features", "tags", "meal_plans", "travel_companies", "meta"])
        .map((table) =>
          query(`SELECT * FROM ${table} ${table === "meta" ? "WHERE key <> 'indexer_lock' AND key NOT LIKE 'store_user:%'" : ""}`)
            .map((row) => JSON.stringify(row))
            .sort()
            .join("\n"),
        );
    const before = dump();
    const pricier = feed(
      "big-2.ndjson",
      offers(big, 40_000, (k) => ({ price: 9000 + 2 * k, pricePerPerson: 4500 + k })),
    );
    const killed = startIndexer(["import", pricier], { DATABASE_URL: suite.server.dbFile });
    await expect.poll(() => killed.output().stderr, { timeout: 90_000 }).toMatch(/10\.000 af 40\.000 tilbud skrevet/);
    killed.kill();
    expect((await killed.done).signal).toBe("SIGKILL");
    expect(dump()).toEqual(before);

    // The next import clears what the killed one left and goes through.
    const again = await indexer("import", pricier);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/opdateret:\s+40\.000/);
    expect(query("SELECT min(price) AS p FROM trips WHERE company_slug = 'storrejser'")).toEqual([{ p: 9000 }]);
    await stillServing();
  });

  it("4. every size a feed controls is bounded: oversized lines are rejected with a Danish reason, and a feed naming too many accommodations is refused whole", async () => {
    const big = { slug: "stortfeed", name: "Stort Feed" };
    const many = Array.from({ length: 100 }, (_, k) => ({ value: `facilitet-${k}`, name: `Facilitet ${k}` }));
    const [ok, features, url, script, tags, name] = offers(big, 6);
    const ran = await indexer(
      "import",
      feed("sizes.ndjson", [
        ok,
        { ...features, accommodation: { ...features.accommodation, id: "mange-faciliteter", features: many } },
        { ...url, url: `https://stortfeed.example.dk/${"x".repeat(3000)}` },
        { ...script, url: "javascript:alert(document.cookie)" },
        {
          ...tags,
          accommodation: { ...tags.accommodation, id: "mange-kategorier", tags: Array.from({ length: 40 }, (_, k) => `kategori-${k}`) },
        },
        { ...name, accommodation: { ...name.accommodation, id: "langt-navn", name: "Hotel ".repeat(50) } },
      ]),
    );
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("Linje 2 afvist: accommodation.features: højst 20 faciliteter pr. overnatningssted");
    expect(ran.stderr).toContain("Linje 3 afvist: url: er for lang (højst 2.000 tegn)");
    expect(ran.stderr).toContain("Linje 4 afvist: url: skal begynde med http:// eller https://");
    expect(ran.stderr).toContain("Linje 5 afvist: accommodation.tags: højst 10 kategorier pr. overnatningssted");
    expect(ran.stderr).toContain("Linje 6 afvist: accommodation.name: er for lang (højst 100 tegn)");

    const accommodations = offers(big, STORE_LIMITS.accommodations + 1, (k) => ({ accommodation: { id: `sted-${k}`, name: `Sted ${k}` } }));
    const refused = await indexer("import", feed("accommodations.ndjson", accommodations));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Feedet nævner flere end 20.000 overnatningssteder");
    expect(forSale(big.slug)).toBe(1);
    await stillServing();
  });

  it("5. rejected lines retire nothing, a truncated feed stops only its own company, and retire takes a company off sale on purpose", async () => {
    const fjeld = { slug: "fjeldtest", name: "Fjeldtest" };
    const dal = { slug: "daltest", name: "Daltest" };
    const ten = offers(fjeld, 10);
    expect((await indexer("import", feed("ten.ndjson", ten))).code).toBe(0);

    const broken = await indexer("import", feed("broken.ndjson", [ten[0], ...Array.from({ length: 9 }, () => "{broken")]));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("intet tilbud er taget af udbud");
    expect(forSale(fjeld.slug)).toBe(10);

    const truncated = await indexer("import", feed("truncated.ndjson", [...ten.slice(0, 5), ...offers(dal, 3)]));
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toMatch(/Rejseselskabet fjeldtest er ikke importeret: 5 af dets 10 udbudte tilbud \(50\s%\) mangler i feedet/);
    expect(forSale(fjeld.slug)).toBe(10);
    expect(forSale(dal.slug)).toBe(3);

    const retired = await indexer("retire", fjeld.slug);
    expect(retired.code).toBe(0);
    expect(retired.stdout).toContain("10 tilbud fra Fjeldtest er taget af udbud");
    expect(forSale(fjeld.slug)).toBe(0);
    expect(forSale(dal.slug)).toBe(3);
    await expect.poll(() => served(fjeld.slug)).toBe(0);
    await stillServing();
  });

  it("6. a company cannot rename or move shared places or re-rate another's accommodation: the catalogue stands, the line is warned about, and only the operator's command changes it", async () => {
    const [acc] = query<{ id: string; name: string; rating: number; resort_slug: string }>(
      `SELECT a.id, a.name, a.rating, a.resort_slug FROM accommodations a
        WHERE a.id IN (SELECT accommodation_id FROM trips WHERE company_slug = 'alpetours') ORDER BY a.id LIMIT 1`,
    );
    const catalogue = () => query("SELECT * FROM accommodations a JOIN resorts r ON r.slug = a.resort_slug WHERE a.id = ?", acc.id);
    const before = catalogue();
    const [resort] = query<{ slug: string; name: string }>("SELECT slug, name FROM resorts WHERE slug = ?", acc.resort_slug);
    const rival = { slug: "rivalrejser", name: "Rivalrejser" };
    const ran = await indexer(
      "import",
      feed("rival.ndjson", [
        trip({
          id: "rival-1",
          travelCompany: rival,
          departureDate: departureInDays(50),
          accommodation: {
            id: acc.id,
            name: "Rivalens Hotel",
            rating: (acc.rating % 5) + 1,
            destination: { slug: resort.slug, name: "Rivalby" },
          },
        }),
      ]),
    );
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(
      `Linje 1 advarsel: overnatningssted "${acc.id}": name er "${acc.name}" i kataloget, men "Rivalens Hotel" i linjen`,
    );
    expect(ran.stderr).toContain(
      `Linje 1 advarsel: destination "${resort.slug}": name er "${resort.name}" i kataloget, men "Rivalby" i linjen`,
    );
    expect(catalogue()).toEqual(before);
    const search = async () =>
      (
        (await (await get("/api/search?travelCompanies=rivalrejser")).json()) as {
          items: Array<{ accommodation: { name: string; destination: { name: string } } }>;
        }
      ).items;
    await expect
      .poll(async () => (await search()).map((i) => [i.accommodation.name, i.accommodation.destination.name]))
      .toEqual([[acc.name, resort.name]]);

    const set = await indexer("catalogue", "set", "resort", resort.slug, "name", `${resort.name} (kataloget)`);
    expect(set.code).toBe(0);
    await expect.poll(async () => (await search())[0]?.accommodation.destination.name).toBe(`${resort.name} (kataloget)`);
    await stillServing();
  });

  it("7. a repeated id is rejected with both line numbers, an unchanged re-import changes nothing, and implausible ski passes, prices and departures are rejected", async () => {
    const gentag = { slug: "gentagrejser", name: "Gentagrejser" };
    const [a, b, c] = offers(gentag, 3);
    const repeated = await indexer("import", feed("repeated.ndjson", [a, b, { ...a, price: 9000, pricePerPerson: 4500 }]));
    expect(repeated.code).toBe(1);
    expect(repeated.stderr).toContain(`Linje 3 afvist: id "${a.id}" fra rejseselskabet gentagrejser står også i linje 1`);
    expect(repeated.stderr).toContain(`Linje 1 afvist: id "${a.id}" fra rejseselskabet gentagrejser står også i linje 3`);
    expect(query("SELECT feed_id FROM trips WHERE company_slug = 'gentagrejser'")).toEqual([{ feed_id: b.id }]);

    const same = feed("same.ndjson", [b, c]);
    expect((await indexer("import", same)).code).toBe(0);
    const generationBefore = generation();
    const unchanged = await indexer("import", same);
    expect(unchanged.code).toBe(0);
    expect(unchanged.stdout).toMatch(/uændret:\s+2/);
    expect(unchanged.stdout).toContain(`indeksgeneration: ${generationBefore} (uændret: intet at skifte)`);
    expect(generation()).toBe(generationBefore);

    const implausible = await indexer(
      "import",
      feed("implausible.ndjson", [
        b,
        c,
        { ...a, skiPass: { included: true, days: 365 } },
        { ...a, id: "pris", price: 1000 },
        { ...a, id: "fremtid", departureDate: "2099-02-14" },
      ]),
    );
    expect(implausible.code).toBe(1);
    expect(implausible.stderr).toContain("Linje 3 afvist: skiPass.days: må højst være 8: opholdet er 7 nætter");
    expect(implausible.stderr).toContain("Linje 4 afvist: price: passer ikke med pricePerPerson × persons");
    expect(implausible.stderr).toMatch(/Linje 5 afvist: departureDate: skal ligge mellem/);
    expect(generation()).toBe(generationBefore);
    await stillServing();
  });
});
