import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { startServer } from "./tests/support/server";
const server = await startServer({ demoTrips: 2000 });
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  for (const [name, size] of [["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }], ["desk", { viewport: { width: 1440, height: 900 } }]] as const) {
    const ctx = await b.newContext(size);
    const page = await ctx.newPage();
    const rows: Promise<string>[] = [];
    page.on("requestfinished", (req) => {
      if (req.resourceType() !== "script") return;
      rows.push(req.response().then((r) => r!.body()).then((body) => `${(zlib.gzipSync(body).length / 1000).toFixed(1)} ${req.url().replace(server.url, "")}`));
    });
    await page.goto(server.url + "/skirejser", { waitUntil: "networkidle" });
    const all = await Promise.all(rows);
    console.log(name, all.reduce((a, r) => a + Number(r.split(" ")[0]), 0).toFixed(1));
    console.log(all.sort((x, y) => Number(y.split(" ")[0]) - Number(x.split(" ")[0])).join("\n"));
    await ctx.close();
  }
} finally { await b.close(); await server.stop(); }
