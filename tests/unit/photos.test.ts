import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { demoLandscapeSvg, demoPhotoUrls } from "../../app/domain/demo-photo";
import { Gallery } from "../../app/components/accommodation/gallery";
import { Photo } from "../../app/components/accommodation/photo";
import { describeFeedError, feedLineSchema } from "../../cli/feed-schema";
import { defaultSeason, generateDemoFeed } from "../../cli/demo/generate";
import { trip } from "../support/feed";

describe("the feed's images", () => {
  const schema = feedLineSchema("2026-12-01");
  const withImages = (images: unknown) => ({ ...trip(), accommodation: { ...trip().accommodation, images } });
  const error = (images: unknown) => {
    const parsed = schema.safeParse(withImages(images));
    return parsed.success ? null : describeFeedError(parsed.error);
  };

  it("is optional, and at most 12 http/https URLs of at most 2,000 characters", () => {
    expect(schema.safeParse(trip()).success).toBe(true);
    expect(error(["https://img.example.dk/1.jpg", "http://img.example.dk/2.jpg"])).toBeNull();
    expect(error([])).toBeNull();
    expect(error(Array.from({ length: 13 }, (_, k) => `https://img.example.dk/${k}.jpg`))).toMatch(/højst 12 billeder/);
    expect(error([`https://img.example.dk/${"a".repeat(2000)}.jpg`])).toMatch(/for lang/);
    expect(error(["javascript:alert(1)"])).toMatch(/http/);
    expect(error(["ftp://img.example.dk/1.jpg"])).toMatch(/http/);
    expect(error("https://img.example.dk/1.jpg")).not.toBeNull();
  });
});

describe("demo photos", () => {
  it("are the same picture for the same accommodation and variant, another for another", () => {
    const a = demoLandscapeSvg("hotel-a", 1, "hotel-a");
    expect(demoLandscapeSvg("hotel-a", 1, "hotel-a")).toBe(a);
    expect(demoLandscapeSvg("hotel-b", 1, "hotel-b")).not.toBe(a);
    expect(demoLandscapeSvg("hotel-a", 2, "hotel-a")).not.toBe(a);
    expect(a).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 600"/);
    expect(a).not.toContain("<script");
  });

  it("escape their label", () => {
    const svg = demoLandscapeSvg("x", 1, `"><script>alert(1)</script>`);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
  });

  it("are the demo feed's imageUrl and images when it is given the site's address", () => {
    expect(demoPhotoUrls("http://127.0.0.1:3000/", "hotel-a")).toEqual([
      "http://127.0.0.1:3000/demo-billeder/hotel-a.svg",
      "http://127.0.0.1:3000/demo-billeder/hotel-a.svg?v=2",
      "http://127.0.0.1:3000/demo-billeder/hotel-a.svg?v=3",
    ]);
    const season = defaultSeason("2026-11-01");
    const [line] = generateDemoFeed({ trips: 1, seed: 1, season, imageBase: "http://127.0.0.1:3000" });
    expect(line.accommodation.imageUrl).toBe(`http://127.0.0.1:3000/demo-billeder/${line.accommodation.id}.svg`);
    expect(line.accommodation.images).toHaveLength(2);
    expect(feedLineSchema(`${season}-11-01`).safeParse(line).success).toBe(true);
    const [plain] = generateDemoFeed({ trips: 1, seed: 1, season });
    expect(plain.accommodation.imageUrl).toBeNull();
  });
});

describe("Photo and Gallery", () => {
  it("a photo is lazy, sized and in a box of fixed aspect ratio; none is a neutral placeholder", () => {
    const html = renderToStaticMarkup(createElement(Photo, { src: "https://img.example.dk/1.jpg", alt: "Billede af Alpenhof" }));
    expect(html).toContain('class="aspect-[4/3] photo-box overflow-hidden rounded-lg bg-slate-100"');
    expect(html).toMatch(/<img src="https:\/\/img\.example\.dk\/1\.jpg" alt="Billede af Alpenhof" width="800" height="600" loading="lazy"/);
    const none = renderToStaticMarkup(createElement(Photo, { src: null, alt: "" }));
    expect(none).toContain('class="aspect-[4/3] photo-none"');
    expect(none).toContain("Intet billede");
    expect(none).not.toContain("<img");
  });

  it("the gallery is a snapping strip, the first photo eager and the rest lazy, or one placeholder", () => {
    const html = renderToStaticMarkup(
      createElement(Gallery, { name: "Alpenhof", photos: ["https://img.example.dk/1.jpg", "https://img.example.dk/2.jpg"] }),
    );
    expect(html).toContain('aria-label="Billeder af Alpenhof"');
    expect(html).toContain("snap-x snap-mandatory");
    expect(html).toContain('alt="Alpenhof, billede 1 af 2"');
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html.match(/loading="lazy"/g)).toHaveLength(1);
    expect(renderToStaticMarkup(createElement(Gallery, { name: "Alpenhof", photos: [] }))).toContain("photo-none");
  });
});
