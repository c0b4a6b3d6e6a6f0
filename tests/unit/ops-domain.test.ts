import { describe, expect, it } from "vitest";
import { pageCount, pageParam } from "../../app/domain/ops-paging";
import { formatDateTime, formatPercent } from "../../app/domain/format";
import { bannerStatus } from "../../app/domain/banner-status";
import {
  bannerFields,
  bannerInput,
  landingBoxFields,
  landingBoxInput,
  landingQuery,
  parseFields,
  recordId,
} from "../../app/domain/ops-forms";
import { contrastRatio, formatContrast, meetsAA, parseHexColour } from "../../app/domain/contrast";
import { texts } from "../../app/domain/texts";
import { danishDayStart } from "../../app/domain/dates";

describe("the dashboard's paging", () => {
  it("reads a page number from 1 up; anything else is page 1", () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "abc", "", "01", "99999999"]) expect(pageParam(bad)).toBe(1);
  });
  it("counts at least one page", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});

describe("formatting for the dashboard", () => {
  it("shows moments in Danish time and shares as Danish percentages", () => {
    // 12:20 UTC is 13:20 in Copenhagen in November.
    expect(formatDateTime(Date.UTC(2026, 10, 23, 12, 20, 5))).toBe("23.11.2026, 13.20.05");
    expect(formatPercent(0.0345)).toBe("3,5\u00a0%");
  });
});

describe("a record's id in the dashboard's URLs and the CLI", () => {
  it("is digits only", () => {
    expect(recordId("42")).toBe(42);
    for (const bad of [undefined, "", "ny", "-1", "1.5", "4e2", " 4", "1234567890"]) expect(recordId(bad)).toBeUndefined();
  });
});

describe("a banner's fields", () => {
  const good = { provider: "Alpeforsikring", url: "https://example.com/a", image: "/banners/a.svg", position: "3" };
  it("accepts http and https links, https or site images, slots from 1, optional dates in order", () => {
    expect(parseFields(bannerInput, good)).toEqual({ ok: true, value: { ...good, position: 3 } });
    expect(
      parseFields(bannerInput, {
        ...good,
        url: "http://example.com",
        image: "https://cdn.example.com/x.png",
        startsOn: "2027-01-01",
        endsOn: "2027-01-01",
      }).ok,
    ).toBe(true);
    // An empty date is no date.
    expect(parseFields(bannerInput, { ...good, startsOn: "", endsOn: "" })).toMatchObject({
      ok: true,
      value: { startsOn: undefined, endsOn: undefined },
    });
  });
  it("says in Danish which field is wrong", () => {
    const b = texts.ops.banners;
    const errors = (fields: Record<string, string>) => {
      const parsed = parseFields(bannerInput, { ...good, ...fields });
      return parsed.ok ? {} : parsed.errors;
    };
    expect(errors({ provider: "  " })).toEqual({ provider: b.providerInvalid });
    for (const url of ["javascript:alert(1)", "ftp://example.com", "example.com", "https://"])
      expect(errors({ url })).toEqual({ url: b.urlInvalid });
    for (const image of ["http://example.com/x.png", "//evil.example/x.png", "data:image/png;base64,AAAA"])
      expect(errors({ image })).toEqual({ image: b.imageInvalid });
    for (const position of ["0", "-2", "1.5", "abc", "1001"]) expect(errors({ position })).toEqual({ position: b.positionInvalid });
    expect(errors({ startsOn: "2027-02-30" })).toEqual({ startsOn: b.dateInvalid });
    expect(errors({ startsOn: "2027-02-10", endsOn: "2027-02-09" })).toEqual({ endsOn: b.endBeforeStart });
    expect(errors({ provider: undefined as unknown as string })).toEqual({ provider: b.providerInvalid });
  });
  it("a stored banner is its form's fields again, and they parse back to what was stored", () => {
    const stored = { id: 4, active: true, provider: "Alpeforsikring", url: "https://example.com/a", image: "/x.svg", position: 3 };
    const dated = { ...stored, startsOn: "2027-01-01", endsOn: null };
    expect(bannerFields(dated)).toEqual({ ...good, image: "/x.svg", startsOn: "2027-01-01", endsOn: "" });
    expect(parseFields(bannerInput, bannerFields(dated))).toEqual({
      ok: true,
      value: { provider: stored.provider, url: stored.url, image: stored.image, position: 3, startsOn: "2027-01-01", endsOn: undefined },
    });
  });
  it("is shown when active and within its dates", () => {
    const banner = { active: true, startsOn: "2027-01-10", endsOn: "2027-01-20" };
    expect(bannerStatus(banner, "2027-01-09")).toBe("scheduled");
    expect(bannerStatus(banner, "2027-01-10")).toBe("shown");
    expect(bannerStatus(banner, "2027-01-20")).toBe("shown");
    expect(bannerStatus(banner, "2027-01-21")).toBe("ended");
    expect(bannerStatus({ ...banner, active: false }, "2027-01-15")).toBe("inactive");
    expect(bannerStatus({ active: true, startsOn: null, endsOn: null }, "2000-01-01")).toBe("shown");
  });
});

describe("contrast (WCAG 2.1)", () => {
  it("computes the ratio of two colours, in either order", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // Reference values from the WCAG formula: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#1e3a8a", "#eff6ff")).toBe(contrastRatio("#eff6ff", "#1e3a8a"));
    expect(contrastRatio("red", "#fff")).toBeUndefined();
  });
  it("AA needs 4.5:1 for normal text", () => {
    expect(meetsAA("#767676", "#ffffff")).toBe(true);
    expect(meetsAA("#777777", "#ffffff")).toBe(false);
    expect(meetsAA("#zzz", "#ffffff")).toBe(false);
  });
  it("shows the ratio rounded down, so 4,5 always passes", () => {
    expect(formatContrast(4.4999)).toBe("4,4");
    expect(formatContrast(21)).toBe("21,0");
  });
  it("parses #rgb and #rrggbb only", () => {
    expect(parseHexColour("#1e3a8a")).toEqual([30, 58, 138]);
    expect(parseHexColour("#fA0")).toEqual([255, 170, 0]);
    for (const bad of ["1e3a8a", "#12345", "#1234567", "rgb(0,0,0)", "#ggg"]) expect(parseHexColour(bad)).toBeUndefined();
  });
});

describe("a landing box's fields", () => {
  const good = {
    title: "Vinterferie",
    description: "Uge 7 og 8",
    icon: "snowflake",
    borderColor: "#93c5fd",
    backgroundColor: "#eff6ff",
    textColor: "#1e3a8a",
    iconColor: "#2563eb",
    query: "/skirejser?weeks=7,8",
  };
  it("takes the search as a results link or its query string, stored canonical", () => {
    expect(landingQuery("/skirejser?weeks=7,8")).toBe(landingQuery("weeks=7,8"));
    expect(landingQuery("https://pistepris.dk/skirejser?weeks=7,8")).toBe(landingQuery("weeks=7,8"));
    expect(landingQuery("")).toBe("");
    expect(landingQuery("/konto/log-ind?x=1")).toBeUndefined();
    expect(landingQuery("https://evil.example/other")).toBeUndefined();
    const parsed = parseFields(landingBoxInput, good);
    expect(parsed).toMatchObject({ ok: true, value: { title: "Vinterferie", query: landingQuery("weeks=7,8") } });
  });
  it("a stored box is its form's fields again (nothing else), and they parse back to what was stored", () => {
    const parsed = parseFields(landingBoxInput, good);
    if (!parsed.ok) throw new Error("the box is good");
    const stored = { ...parsed.value, id: 2, sortOrder: 5 };
    expect(landingBoxFields(stored)).toEqual({ ...good, query: parsed.value.query });
    expect(parseFields(landingBoxInput, landingBoxFields(stored))).toEqual(parsed);
  });
  it("says in Danish which field is wrong", () => {
    const l = texts.ops.landing;
    const parsed = parseFields(landingBoxInput, { ...good, title: "", icon: "rocket", textColor: "navy", query: "/konto" });
    expect(parsed).toEqual({
      ok: false,
      errors: { title: l.titleInvalid, icon: l.iconInvalid, textColor: l.colourInvalid, query: l.searchInvalid },
    });
  });
});

describe("Danish days", () => {
  it("begin at midnight in Copenhagen, summer and winter", () => {
    expect(new Date(danishDayStart("2026-11-23")).toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(new Date(danishDayStart("2026-07-01")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });
});
