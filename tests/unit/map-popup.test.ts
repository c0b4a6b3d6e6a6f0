import { describe, expect, it } from "vitest";
import { popupHtml } from "~/components/map/map-popup";
import type { MapData, MapPoint } from "~/domain/search-result";

describe("popupHtml", () => {
  const hostile = '<img src=x onerror="alert(1)">';
  const point: MapPoint = ["acc-1", 45.3, 6.58, 12_345, `Chalet ${hostile}`, 0, 4, 0, "2027-01-09", 7, "trip-1"];
  const data: MapData = {
    priceMode: "perPerson",
    totalCount: 1,
    accommodationCount: 1,
    points: [point],
    resorts: [{ slug: "val-thorens", name: `Val ${hostile}`, country: "Frankrig" }],
    companies: [`Alpe & ${hostile}`],
  };

  it("shows the place, stars, departure, price in da-DK and the offer's link", () => {
    const html = popupHtml(data, point, "partner-7");
    expect(html).toContain("12.345");
    expect(html).toContain("★★★★");
    expect(html).toContain("/ud/trip-1?aff=partner-7");
    expect(html).toContain('target="_blank" rel="noopener nofollow"');
  });

  it("escapes every feed string: no element or attribute comes from the feed", () => {
    const html = popupHtml(data, point, undefined);
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/onerror="/);
    // Numeric character references, as escapeHtml writes them.
    expect(html).toContain("Chalet &#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(html).toContain("Alpe &#38; &#60;img");
  });
});
