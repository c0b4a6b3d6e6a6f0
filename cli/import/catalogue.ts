import type { Database, Statement } from "better-sqlite3";
import { STORE_LIMITS } from "../../app/domain/constants";
import { formatCount } from "../../app/domain/format";
import { nameKey } from "../../app/domain/plain-text";
import type { FeedLine } from "../feed-schema";
import { UnusableFeedError } from "./errors";
import type { SharedFacts } from "./parse-line";
import type { Stage } from "./stage";

// The shared catalogue (docs/feed.md "The shared catalogue"): countries, regions, resorts,
// accommodations with their facts, features, meal plans and travel companies are shared by every
// company's offers. The first definition stands: a line that says otherwise is imported against the
// catalogue's facts and gets a warning with its line number; only an operator changes a fact
// (`indexer catalogue set`). A feed's new entries are staged and arrive with its offers.

export interface CatalogueWarning {
  lineNo: number;
  message: string;
}

/** What an offer takes from its accommodation as the catalogue has it. */
export interface ResolvedAccommodation {
  id: string;
  rating: number;
  featureCount: number;
}

interface Place {
  name: string;
  parent: string;
}

interface AccommodationFacts {
  name: string;
  rating: number;
  lat: number;
  lng: number;
  imageUrl: string | null;
  /** The feed's further photos, in its order ([] for none). */
  images: string[];
  resort: string;
  /** Sorted, distinct. */
  features: string[];
  tags: string[];
}

/** One kind of catalogue entry: what this import has seen of it, read from the store on first sight. */
class Entries<T> {
  readonly seen = new Map<string, T | null>();
  constructor(
    private readonly label: string,
    private readonly limit: number,
    private readonly read: (key: string) => T | undefined,
  ) {}

  /** The catalogue's entry, or null when neither the store nor an earlier line has it. */
  get(key: string): T | null {
    let entry = this.seen.get(key);
    if (entry === undefined) {
      // A feed naming more distinct entries than the store may hold can never be imported; stopping here keeps memory bounded.
      if (this.seen.size >= this.limit) {
        throw new UnusableFeedError(
          `Feedet nævner flere end ${formatCount(this.limit)} ${this.label}, grænsen for hele databasen: intet blev importeret.`,
        );
      }
      entry = this.read(key) ?? null;
      this.seen.set(key, entry);
    }
    return entry;
  }

  define(key: string, entry: T): void {
    this.seen.set(key, entry);
  }
}

export class Catalogue {
  private readonly countries: Entries<{ name: string }>;
  private readonly regions: Entries<Place>;
  private readonly resorts: Entries<Place>;
  private readonly accommodations: Entries<AccommodationFacts>;
  private readonly features: Entries<{ name: string }>;
  private readonly tags: Entries<true>;
  private readonly mealPlans: Entries<{ title: string; short: string }>;
  private readonly companies: Entries<{ name: string }>;
  /** Every company's name (nameKey) → its slug: a name is one company's (docs/feed.md "Names"). */
  private readonly companyNames: Map<string, string>;
  /** Disagreements already reported: each once, at its first line. */
  private readonly reported = new Set<string>();
  private lineHadWarning = false;
  /** Lines imported against the catalogue's facts. */
  warnedLines = 0;
  /** Per accommodation, the facts (as JSON) the last line naming it gave, how they resolved and whether they disagreed. */
  private readonly lastLine = new Map<string, { json: string; resolved: ResolvedAccommodation; warned: boolean }>();

  constructor(
    sqlite: Database,
    private readonly stage: Stage,
    private readonly onWarning: (w: CatalogueWarning) => void,
  ) {
    const one = <T>(sql: string) => {
      const statement = sqlite.prepare(sql) as Statement<[string], T>;
      return (key: string) => statement.get(key);
    };
    const column = (sql: string) => {
      const statement = sqlite.prepare(sql).pluck() as Statement<[string], string>;
      return (key: string) => statement.all(key);
    };
    const accommodationRow = one<Omit<AccommodationFacts, "features" | "tags" | "images"> & { images: string | null }>(
      "SELECT name, rating, lat, lng, image_url AS imageUrl, images, resort_slug AS resort FROM main.accommodations WHERE id = ?",
    );
    const featuresOf = column("SELECT feature_value FROM main.accommodation_features WHERE accommodation_id = ? ORDER BY feature_value");
    const tagsOf = column("SELECT tag_slug FROM main.accommodation_tags WHERE accommodation_id = ? ORDER BY tag_slug");
    const L = STORE_LIMITS;
    this.countries = new Entries("lande", L.countries, one("SELECT name FROM main.countries WHERE slug = ?"));
    this.regions = new Entries("regioner", L.regions, one("SELECT name, country_slug AS parent FROM main.regions WHERE slug = ?"));
    this.resorts = new Entries("destinationer", L.resorts, one("SELECT name, region_slug AS parent FROM main.resorts WHERE slug = ?"));
    this.accommodations = new Entries("overnatningssteder", L.accommodations, (id) => {
      const row = accommodationRow(id);
      return (
        row && {
          ...row,
          images: row.images === null ? [] : (JSON.parse(row.images) as string[]),
          features: featuresOf(id),
          tags: tagsOf(id),
        }
      );
    });
    this.features = new Entries("faciliteter", L.features, one("SELECT name FROM main.features WHERE value = ?"));
    const tag = one<{ x: number }>("SELECT 1 AS x FROM main.tags WHERE slug = ?");
    this.tags = new Entries("kategorier", L.tags, (slug) => (tag(slug) ? true : undefined));
    this.mealPlans = new Entries("pensionstyper", L.mealPlans, one("SELECT title, short FROM main.meal_plans WHERE slug = ?"));
    this.companies = new Entries("rejseselskaber", L.companies, one("SELECT name FROM main.travel_companies WHERE slug = ?"));
    const companyRows = sqlite.prepare("SELECT slug, name FROM main.travel_companies").all() as Array<{ slug: string; name: string }>;
    this.companyNames = new Map(companyRows.map((c) => [nameKey(c.name), c.slug]));
  }

  /**
   * Resolves a valid line's shared facts: defines what is new, reports what disagrees. Most lines
   * name exactly the accommodation facts of the last line naming that accommodation (the same JSON
   * text, cli/import/parse-line.ts): those resolve as that line's did, without comparing again.
   * The catalogue only grows and a definition never changes, so comparing again would find the same
   * disagreements, each reported once already.
   */
  resolve(line: SharedFacts, lineNo: number): ResolvedAccommodation {
    this.lineHadWarning = false;
    this.company(line.travelCompany, lineNo);
    const meal = line.mealPlan;
    this.named(this.mealPlans, meal.slug, { title: meal.title, short: meal.short }, lineNo, `pensionstype "${meal.slug}"`, () =>
      this.stage.define(this.stage.add.mealPlan, meal.slug, meal.title, meal.short),
    );
    const last = this.lastLine.get(line.accommodationId);
    let resolved: ResolvedAccommodation;
    if (last?.json === line.accommodation) {
      resolved = last.resolved;
      if (last.warned) this.lineHadWarning = true;
    } else {
      const warnedBefore = this.lineHadWarning;
      this.lineHadWarning = false;
      const accommodation = JSON.parse(line.accommodation) as FeedLine["accommodation"];
      for (const f of accommodation.features) {
        this.named(this.features, f.value, { name: f.name }, lineNo, `facilitet "${f.value}"`, () =>
          this.stage.define(this.stage.add.feature, f.value, f.name),
        );
      }
      resolved = this.accommodation(accommodation, lineNo);
      this.lastLine.set(line.accommodationId, { json: line.accommodation, resolved, warned: this.lineHadWarning });
      this.lineHadWarning ||= warnedBefore;
    }
    if (this.lineHadWarning) this.warnedLines++;
    return resolved;
  }

  /**
   * A company new to the catalogue takes its line's name unless another company has that name
   * already (the first definition stands): then it is told apart by its slug, with a warning.
   */
  private company({ slug, name }: FeedLine["travelCompany"], lineNo: number): void {
    const subject = `rejseselskab "${slug}"`;
    const known = this.companies.get(slug);
    if (known) return this.compare(known, { name }, lineNo, subject);
    const holder = this.companyNames.get(nameKey(name));
    let stored = name;
    if (holder !== undefined) {
      stored = `${name} (${slug})`;
      this.lineHadWarning = true;
      this.onWarning({
        lineNo,
        message:
          `${subject}: navnet "${name}" bruges allerede af rejseselskab "${holder}"; selskabet vises som "${stored}", ` +
          `til en operatør giver det et andet navn (indexer catalogue set company ${slug} name NAVN)`,
      });
    }
    this.companies.define(slug, { name: stored });
    this.companyNames.set(nameKey(stored), slug);
    this.stage.define(this.stage.add.company, slug, stored);
  }

  private accommodation(a: FeedLine["accommodation"], lineNo: number): ResolvedAccommodation {
    const claimed: AccommodationFacts = {
      name: a.name,
      rating: a.rating,
      lat: a.lat,
      lng: a.lng,
      imageUrl: a.imageUrl,
      images: a.images ?? [],
      resort: a.destination.slug,
      features: [...new Set(a.features.map((f) => f.value))].sort(),
      tags: [...new Set(a.tags)].sort(),
    };
    const known = this.accommodations.get(a.id);
    const subject = `overnatningssted "${a.id}"`;
    if (known) {
      this.compare(known, claimed, lineNo, subject, { resort: "destination" });
      // The line's places are only compared: the accommodation's resort is the catalogue's.
      this.comparePlaces(a.destination, lineNo);
      return { id: a.id, rating: known.rating, featureCount: known.features.length };
    }
    const resort = this.resort(a.destination, a.lat, a.lng, lineNo);
    const facts = { ...claimed, resort };
    this.accommodations.define(a.id, facts);
    this.stage.define(
      this.stage.add.accommodation,
      a.id,
      a.name,
      a.rating,
      a.lat,
      a.lng,
      a.imageUrl,
      resort,
      claimed.images.length ? JSON.stringify(claimed.images) : null,
    );
    for (const value of facts.features) this.stage.define(this.stage.add.accommodationFeature, a.id, value);
    for (const slug of facts.tags) {
      if (!this.tags.get(slug)) {
        this.tags.define(slug, true);
        this.stage.define(this.stage.add.tag, slug);
      }
      this.stage.define(this.stage.add.accommodationTag, a.id, slug);
    }
    return { id: a.id, rating: a.rating, featureCount: facts.features.length };
  }

  /** The slug of the resort a new accommodation goes to: the line's, defined if new. */
  private resort(d: FeedLine["accommodation"]["destination"], lat: number, lng: number, lineNo: number): string {
    const known = this.resorts.get(d.slug);
    if (known) {
      this.compare(known, { name: d.name, parent: d.region.slug }, lineNo, `destination "${d.slug}"`, { parent: "region" });
      this.comparePlaces({ ...d, slug: "" }, lineNo);
      return d.slug;
    }
    const region = this.regions.get(d.region.slug);
    if (region) {
      this.compare(region, { name: d.region.name, parent: d.country.slug }, lineNo, `region "${d.region.slug}"`, { parent: "country" });
      this.comparePlaces({ ...d, slug: "", region: { ...d.region, slug: "" } }, lineNo);
    } else {
      const country = this.countries.get(d.country.slug);
      if (country) this.compare(country, { name: d.country.name }, lineNo, `land "${d.country.slug}"`);
      else {
        this.countries.define(d.country.slug, { name: d.country.name });
        this.stage.define(this.stage.add.country, d.country.slug, d.country.name);
      }
      this.regions.define(d.region.slug, { name: d.region.name, parent: d.country.slug });
      this.stage.define(this.stage.add.region, d.region.slug, d.region.name, d.country.slug);
    }
    this.resorts.define(d.slug, { name: d.name, parent: d.region.slug });
    this.stage.define(this.stage.add.resort, d.slug, d.name, d.region.slug, lat, lng);
    return d.slug;
  }

  /** Compares what a line says about places the catalogue has (an empty slug skips that level). */
  private comparePlaces(d: FeedLine["accommodation"]["destination"], lineNo: number): void {
    const resort = d.slug ? this.resorts.get(d.slug) : null;
    if (resort) this.compare(resort, { name: d.name, parent: d.region.slug }, lineNo, `destination "${d.slug}"`, { parent: "region" });
    const region = d.region.slug ? this.regions.get(d.region.slug) : null;
    if (region) {
      this.compare(region, { name: d.region.name, parent: d.country.slug }, lineNo, `region "${d.region.slug}"`, { parent: "country" });
    }
    const country = this.countries.get(d.country.slug);
    if (country) this.compare(country, { name: d.country.name }, lineNo, `land "${d.country.slug}"`);
  }

  private named<T extends object>(entries: Entries<T>, key: string, claimed: T, lineNo: number, subject: string, define: () => void) {
    const known = entries.get(key);
    if (known) this.compare(known, claimed, lineNo, subject);
    else {
      entries.define(key, claimed);
      define();
    }
  }

  /** Reports every fact of `claimed` that differs from the catalogue's `known`. */
  private compare<T extends object>(known: T, claimed: T, lineNo: number, subject: string, names: Record<string, string> = {}): void {
    for (const field of Object.keys(claimed) as Array<keyof T & string>) {
      if (known[field] === claimed[field]) continue; // most lines agree: no need to write the values out
      const a = show(known[field]);
      const b = show(claimed[field]);
      if (a === b) continue;
      this.lineHadWarning = true;
      const key = `${subject}\u0000${field}\u0000${b}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.onWarning({
        lineNo,
        message: `${subject}: ${names[field] ?? field} er ${a} i kataloget, men ${b} i linjen; katalogets oplysninger gælder`,
      });
    }
  }
}

function show(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.join(", ") : "ingen";
  if (value === null) return "ingen";
  return typeof value === "string" ? `"${value}"` : String(value);
}
