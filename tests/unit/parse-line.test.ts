import { describe, expect, it } from "vitest";
import { todayInDenmark } from "../../app/domain/dates";
import { LineParser, type ParsedLine } from "../../cli/import/parse-line";
import { departureInDays, trip } from "../support/feed";

const today = todayInDenmark();
const valid = trip({ departureDate: departureInDays(60) });
const text = (patch: Record<string, unknown>) => JSON.stringify({ ...valid, ...patch });
const accommodation = (patch: Record<string, unknown>) => ({ ...valid.accommodation, ...patch });

// Lines with the valid line's accommodation and something else wrong (or nothing), and lines with a
// different accommodation under the same id: a parser that has seen the valid line judges each as a
// fresh one does, though it skips the schema for an accommodation it has passed before.
const lines: Array<[string, string]> = [
  ["the same line", JSON.stringify(valid)],
  ["another offer", text({ id: "other", persons: 4, price: 23960 })],
  ["a price that does not add up", text({ price: 1 })],
  ["a departure out of the window", text({ departureDate: "2099-01-01" })],
  ["no calendar date", text({ departureDate: "2027-02-30" })],
  ["no id", text({ id: undefined })],
  ["a broken URL, nights and transport", text({ url: "ftp://x", nights: 0, transport: "tog" })],
  ["a broken company", text({ travelCompany: { slug: "Æ", name: "" } })],
  ["untrimmed names", text({ travelCompany: { slug: "alpetours", name: "  Alpetours " } })],
  ["the accommodation's keys in another order", text({ accommodation: Object.fromEntries(Object.entries(valid.accommodation).reverse()) })],
  ["an accommodation rated 9", text({ accommodation: accommodation({ rating: 9 }) })],
  ["an accommodation without a name, and a broken price", text({ accommodation: accommodation({ name: undefined }), price: 1 })],
  ["an accommodation with an image that is no URL", text({ accommodation: accommodation({ imageUrl: "billede.jpg" }) })],
  ["an accommodation renamed", text({ accommodation: accommodation({ name: "  Hotel Nyt " }) })],
  ["an accommodation that is a string", text({ accommodation: "hotel-aiguille-vt" })],
  ["no accommodation", text({ accommodation: undefined })],
];

describe("line parser", () => {
  it.each(lines)("judges %s after the valid line as on its own", (_, line) => {
    const fresh = new LineParser(today).parse(line);
    const seasoned = new LineParser(today);
    expect(Array.isArray(seasoned.parse(JSON.stringify(valid)))).toBe(true);
    expect(seasoned.parse(line)).toEqual(fresh);
  });

  it("gives a valid line's offer in the staging file's order, its hash and its accommodation as JSON", () => {
    const parsed = new LineParser(today).parse(JSON.stringify(valid)) as Extract<ParsedLine, unknown[]>;
    expect(parsed.slice(0, 15)).toEqual([
      "alpetours",
      valid.id,
      "hotel-aiguille-vt",
      valid.departureDate,
      7,
      "bus",
      2,
      11980,
      5990,
      13980,
      "halvpension",
      1,
      6,
      "https://alpetours.example.dk/rejser/123",
      14,
    ]);
    expect(parsed[15]).toMatch(/^[\w-]{27}$/);
    expect(parsed.slice(16, 19)).toEqual(["Alpetours", "Halvpension", "HP"]);
    expect(JSON.parse(parsed[19])).toEqual(valid.accommodation);
  });

  it("tells a line that is no JSON, and a broken line's offer and company", () => {
    const parser = new LineParser(today);
    expect(parser.parse("{nej")).toEqual({ kind: "not-json" });
    expect(parser.parse(text({ price: -1 }))).toEqual({
      kind: "invalid",
      key: { companySlug: "alpetours", feedId: valid.id },
      companySlug: "alpetours",
      reason: expect.stringMatching(/^price: skal være større end 0/),
    });
  });

  it("counts a rejected line under its company only when it names a valid one", () => {
    const parsed = new LineParser(today).parse(text({ travelCompany: { slug: "<img src=x>", name: "X" }, price: -1 }));
    expect(parsed).toMatchObject({ kind: "invalid", key: { companySlug: "<img src=x>", feedId: valid.id }, companySlug: null });
  });

  it("gives a value of the wrong type that reason only, and no amount for JSON's 1e400", () => {
    const reason = (line: string) => (new LineParser(today).parse(line) as { reason: string }).reason;
    expect(reason(text({ accommodation: accommodation({ tags: "familievenlig-og-meget-mere" }) }))).toBe(
      "accommodation.tags: Ugyldigt input: forventede liste, fik streng",
    );
    expect(reason(JSON.stringify(valid).replace(/"price":\d+/, '"price":1e400'))).toMatch(/^price: er ikke et endeligt tal/);
  });
});
