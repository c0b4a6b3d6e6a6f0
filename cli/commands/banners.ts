import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { todayInDenmark } from "../../app/domain/dates";
import { formatCount } from "../../app/domain/format";
import { bannerFields, bannerInput, bannerStatus, parseFields, recordId, type FieldErrors } from "../../app/domain/ops-forms";
import { texts } from "../../app/domain/texts";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { allBanners, createBanner, getBanner, setBannerActive, updateBanner } from "../../app/services/banners/manage.server";
import { printable } from "../printable";

export const BANNERS_USAGE = `banners list                     vis alle bannere
  banners add --provider NAVN --url URL --image URL --position N [--from ÅÅÅÅ-MM-DD] [--to ÅÅÅÅ-MM-DD] [--inactive]
                                   opret et banner (samme regler som på /drift/bannere)
  banners set ID [--provider …] [--url …] [--image …] [--position N] [--from …] [--to …]
                                   ret et banner (--from "" eller --to "" fjerner datoen)
  banners activate|deactivate ID   vis eller skjul et banner`;

const OPTIONS = {
  provider: { type: "string" },
  url: { type: "string" },
  image: { type: "string" },
  position: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  inactive: { type: "boolean", default: false },
} as const;

/** The CLI's names for the form's fields, for messages. */
const OPTION_OF: Record<string, string> = {
  provider: "--provider",
  url: "--url",
  image: "--image",
  position: "--position",
  startsOn: "--from",
  endsOn: "--to",
};

export function printFieldErrors(errors: FieldErrors, optionOf: Record<string, string>): number {
  for (const [field, message] of Object.entries(errors)) console.error(`Fejl: ${optionOf[field] ?? field}: ${message}`);
  return 2;
}

/** `banners …`: exit 0 done, 2 bad input or no such banner. */
export function runBanners(store: () => Db, args: string[]): number {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const [action, rawId] = positionals;
  const id = recordId(rawId);
  if (action === "list" && positionals.length === 1) return list(store());
  if (action === "add" && positionals.length === 1) {
    const parsed = parseFields(bannerInput, { ...fieldsOf(values) });
    if (!parsed.ok) return printFieldErrors(parsed.errors, OPTION_OF);
    const banner = createBanner(store(), parsed.value, !values.inactive, CLI_ACTOR);
    console.log(`Banner #${banner.id} oprettet.`);
    return 0;
  }
  if ((action === "set" || action === "activate" || action === "deactivate") && positionals.length === 2) {
    const banner = id === undefined ? undefined : getBanner(store(), id);
    if (!banner || id === undefined) {
      console.error(
        `Fejl: ${id === undefined ? `ID skal være et helt tal over 0, ikke "${printable(rawId)}"` : texts.ops.banners.notFound(id)}`,
      );
      return 2;
    }
    if (action === "set") {
      const given = Object.fromEntries(Object.entries(fieldsOf(values)).filter(([, v]) => v !== undefined));
      const parsed = parseFields(bannerInput, { ...bannerFields(banner), ...given });
      if (!parsed.ok) return printFieldErrors(parsed.errors, OPTION_OF);
      updateBanner(store(), id, parsed.value, CLI_ACTOR);
      console.log(`Banner #${id} gemt.`);
      return 0;
    }
    setBannerActive(store(), id, action === "activate", CLI_ACTOR);
    console.log(`Banner #${id} er ${action === "activate" ? "aktivt" : "deaktiveret"}.`);
    return 0;
  }
  console.error(`Fejl: ukendt brug af banners\n\n  ${BANNERS_USAGE}`);
  return 2;
}

function fieldsOf(values: { provider?: string; url?: string; image?: string; position?: string; from?: string; to?: string }) {
  return {
    provider: values.provider,
    url: values.url,
    image: values.image,
    position: values.position,
    startsOn: values.from,
    endsOn: values.to,
  };
}

function list(db: Db): number {
  const today = todayInDenmark();
  const rows = allBanners(db);
  if (rows.length === 0) console.log("Ingen bannere.");
  for (const b of rows) {
    const period = b.startsOn || b.endsOn ? `${b.startsOn ?? ""}–${b.endsOn ?? ""}` : texts.ops.banners.always.toLowerCase();
    console.log(
      `#${String(b.id).padEnd(4)} plads ${formatCount(b.position).padStart(4)}  ${texts.ops.banners.statuses[bannerStatus(b, today)].padEnd(11)} ${period.padEnd(22)} ${printable(b.provider)}  ${printable(b.url)}  ${printable(b.image)}`,
    );
  }
  return 0;
}
