import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { importFeed, type CatalogueWarning } from "../../cli/import-feed";
import { accommodationPhotos } from "../../app/services/accommodations/photos.server";
import { loader } from "../../app/routes/demo-photo";
import { feedStream, tempDb } from "../support/db";
import { trip } from "../support/feed";

// Accommodation photos in the catalogue (the first definition stands) and the demo photo route.

const { db, dir } = tempDb();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const line = (id: string, imageUrl: string | null, images?: string[]) =>
  trip({ id, url: `https://alpetours.example.dk/${id}`, accommodation: { imageUrl, ...(images ? { images } : {}) } });

describe("photos in the catalogue", () => {
  it("stores imageUrl then images, each once; a later line's other photos are a warning, the first definition stands", async () => {
    const warnings: CatalogueWarning[] = [];
    await importFeed(
      db,
      feedStream([
        line("a", "https://img.example.dk/1.jpg", ["https://img.example.dk/2.jpg", "https://img.example.dk/1.jpg"]),
        line("b", "https://img.example.dk/1.jpg", ["https://img.example.dk/9.jpg"]),
      ]),
      { onWarning: (w) => warnings.push(w) },
    );
    expect(accommodationPhotos(db, "hotel-aiguille-vt")).toEqual(["https://img.example.dk/1.jpg", "https://img.example.dk/2.jpg"]);
    expect(warnings.map((w) => [w.lineNo, w.message])).toEqual([
      [
        2,
        'overnatningssted "hotel-aiguille-vt": images er https://img.example.dk/2.jpg, https://img.example.dk/1.jpg i kataloget, men https://img.example.dk/9.jpg i linjen; katalogets oplysninger gælder',
      ],
    ]);
    expect(accommodationPhotos(db, "unknown")).toEqual([]);
  });
});

describe("/demo-billeder/<id>.svg", () => {
  const get = async (path: string) => {
    const url = new URL(path, "http://localhost");
    const file = decodeURIComponent(url.pathname.split("/").pop()!);
    try {
      return await loader({ request: new Request(url), params: { file }, context: {} as never });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("serves a cacheable SVG per accommodation and variant, and 404 for anything else", async () => {
    const res = await get("/demo-billeder/hotel-a.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800");
    const body = await res.text();
    expect(body).toContain("<svg");
    expect(await (await get("/demo-billeder/hotel-a.svg")).text()).toBe(body);
    expect(await (await get("/demo-billeder/hotel-a.svg?v=2")).text()).not.toBe(body);
    for (const bad of ["/demo-billeder/hotel-a.png", "/demo-billeder/hotel-a.svg?v=4", "/demo-billeder/%3Cx%3E.svg", "/demo-billeder/.svg"])
      expect((await get(bad)).status, bad).toBe(404);
  });
});
