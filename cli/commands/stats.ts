import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accommodations, resorts, travelCompanies, trips } from "../../db/schema";
import { formatCount } from "../../app/domain/format";
import { readGeneration } from "../../db/generation";
import { printable } from "../printable";
import { bannerStats } from "../../app/services/banners/banners.server";
import {
  bannerClicksPerAffiliate,
  offerClicksPerAffiliate,
  offerClicksPerCompany,
  type ClickRow,
} from "../../app/services/offers/offers.server";

/** `stats`: what the store holds, per travel company and resort, the index generation, banner views and clicks, and offer/banner clicks per company and affiliate. */
export async function runStats(db: Db): Promise<number> {
  const available = sql<number>`sum(${trips.available})`;
  const perCompany = db
    .select({ name: travelCompanies.name, total: sql<number>`count(*)`, available })
    .from(trips)
    .innerJoin(travelCompanies, eq(travelCompanies.slug, trips.companySlug))
    .groupBy(trips.companySlug)
    .orderBy(desc(available))
    .all();
  const perResort = db
    .select({ name: resorts.name, total: sql<number>`count(*)`, available })
    .from(trips)
    .innerJoin(accommodations, eq(accommodations.id, trips.accommodationId))
    .innerJoin(resorts, eq(resorts.slug, accommodations.resortSlug))
    .groupBy(resorts.slug)
    .orderBy(desc(available))
    .all();
  const table = (title: string, rows: Array<{ name: string; total: number; available: number }>) => {
    console.log(`\n${title}`);
    const names = rows.map((r) => printable(r.name));
    const width = Math.max(...names.map((n) => n.length), 10);
    for (const [i, r] of rows.entries()) {
      console.log(`  ${names[i].padEnd(width)}  ${formatCount(r.available).padStart(9)} udbudt  ${formatCount(r.total).padStart(9)} i alt`);
    }
  };
  console.log(`Indeksgeneration: ${readGeneration(db)}`);
  table("Rejser pr. rejseselskab", perCompany);
  table("Rejser pr. destination", perResort);
  const banners = bannerStats(db);
  console.log("\nBannere (visninger, klik, klikrate)");
  if (!banners.length) console.log("  ingen bannere");
  const pct = new Intl.NumberFormat("da-DK", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const providers = banners.map((b) => printable(b.provider));
  const width = Math.max(10, ...providers.map((p) => p.length));
  for (const [i, b] of banners.entries()) {
    console.log(
      `  #${String(b.id).padEnd(3)} ${providers[i].padEnd(width)}  plads ${String(b.position).padStart(3)}${b.active ? "" : " (inaktiv)"}  ` +
        `${formatCount(b.views).padStart(9)} visninger  ${formatCount(b.clicks).padStart(7)} klik  ${pct.format(b.clickRate).padStart(7)} klikrate`,
    );
  }
  // Clicks on outbound offer links (/ud/:tripId) and banners, per company and per affiliate.
  const clicks = (title: string, rows: ClickRow[], none: string) => {
    console.log(`\n${title}`);
    if (!rows.length) console.log(`  ${none}`);
    const names = rows.map((r) => printable(r.name));
    const w = Math.max(10, ...names.map((n) => n.length));
    for (const [i, r] of rows.entries()) console.log(`  ${names[i].padEnd(w)}  ${formatCount(r.clicks).padStart(9)} klik`);
  };
  clicks("Klik på tilbud pr. rejseselskab", offerClicksPerCompany(db), "ingen klik");
  clicks("Klik på tilbud pr. partner (aff)", offerClicksPerAffiliate(db), "ingen klik fra partnere");
  clicks("Klik på bannere pr. partner (aff)", bannerClicksPerAffiliate(db), "ingen klik fra partnere");
  return 0;
}
