import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { AA_NORMAL_TEXT, contrastRatio, formatContrast } from "../../app/domain/contrast";
import { landingBoxFields, landingBoxInput, parseFields, recordId } from "../../app/domain/ops-forms";
import { texts } from "../../app/domain/texts";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import {
  allLandingBoxes,
  createLandingBox,
  getLandingBox,
  moveLandingBox,
  removeLandingBox,
  updateLandingBox,
  type StoredLandingBox,
} from "../../app/services/landing/manage.server";
import { printable } from "../printable";
import { printFieldErrors } from "./banners";

export const LANDING_USAGE = `landing list                     vis forsideboksene i deres rækkefølge
  landing add --title T --description D --icon IKON --border #RGB --background #RGB --text #RGB --icon-color #RGB [--search Q]
                                   opret en forsideboks (sidst; samme regler som på /drift/forsidebokse)
  landing set ID [--title …] [--description …] [--icon …] [--border …] [--background …] [--text …] [--icon-color …] [--search …]
                                   ret en forsideboks
  landing move ID up|down          flyt en forsideboks
  landing remove ID                fjern en forsideboks`;

const OPTIONS = {
  title: { type: "string" },
  description: { type: "string" },
  icon: { type: "string" },
  border: { type: "string" },
  background: { type: "string" },
  text: { type: "string" },
  "icon-color": { type: "string" },
  search: { type: "string" },
} as const;

const OPTION_OF: Record<string, string> = {
  title: "--title",
  description: "--description",
  icon: "--icon",
  borderColor: "--border",
  backgroundColor: "--background",
  textColor: "--text",
  iconColor: "--icon-color",
  query: "--search",
};

type Values = Partial<Record<keyof typeof OPTIONS, string>>;

const fieldsOf = (v: Values) => ({
  title: v.title,
  description: v.description,
  icon: v.icon,
  borderColor: v.border,
  backgroundColor: v.background,
  textColor: v.text,
  iconColor: v["icon-color"],
  query: v.search,
});

/** `landing …`: exit 0 done, 2 bad input or no such box. A box whose text misses WCAG AA contrast is saved with a warning. */
export function runLanding(store: () => Db, args: string[]): number {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const [action, rawId, direction] = positionals;
  if (action === "list" && positionals.length === 1) return list(store());
  if (action === "add" && positionals.length === 1) {
    const parsed = parseFields(landingBoxInput, fieldsOf(values));
    if (!parsed.ok) return printFieldErrors(parsed.errors, OPTION_OF);
    const box = createLandingBox(store(), parsed.value, CLI_ACTOR);
    console.log(`Forsideboks #${box.id} oprettet.`);
    warnContrast(box);
    return 0;
  }
  const id = recordId(rawId);
  const box = id === undefined ? undefined : getLandingBox(store(), id);
  const known = ["set", "remove", "move"].includes(action ?? "");
  if (known && (!box || id === undefined)) {
    console.error(
      `Fejl: ${id === undefined ? (rawId === undefined ? "ID mangler" : `ID skal være et helt tal over 0, ikke "${printable(rawId)}"`) : texts.ops.landing.notFound(id)}`,
    );
    return 2;
  }
  if (box && action === "set" && positionals.length === 2) {
    const given = Object.fromEntries(Object.entries(fieldsOf(values)).filter(([, v]) => v !== undefined));
    const parsed = parseFields(landingBoxInput, { ...landingBoxFields(box), ...given });
    if (!parsed.ok) return printFieldErrors(parsed.errors, OPTION_OF);
    const saved = updateLandingBox(store(), box.id, parsed.value, CLI_ACTOR)!;
    console.log(`Forsideboks #${box.id} gemt.`);
    warnContrast(saved);
    return 0;
  }
  if (box && action === "move" && positionals.length === 3 && (direction === "up" || direction === "down")) {
    moveLandingBox(store(), box.id, direction, CLI_ACTOR);
    return list(store());
  }
  if (box && action === "remove" && positionals.length === 2) {
    removeLandingBox(store(), box.id, CLI_ACTOR);
    console.log(`Forsideboks #${box.id} fjernet.`);
    return 0;
  }
  console.error(`Fejl: ukendt brug af landing\n\n  ${LANDING_USAGE}`);
  return 2;
}

function warnContrast(box: StoredLandingBox) {
  const ratio = contrastRatio(box.textColor, box.backgroundColor);
  if (ratio !== undefined && ratio < AA_NORMAL_TEXT) {
    console.error(`Advarsel: ${texts.ops.landing.contrastWarning(formatContrast(ratio))}`);
  }
}

function list(db: Db): number {
  const boxes = allLandingBoxes(db);
  if (boxes.length === 0) console.log("Ingen forsidebokse.");
  boxes.forEach((b, i) =>
    console.log(
      `${String(i + 1).padStart(2)}. #${String(b.id).padEnd(4)} ${printable(b.title)}  (${b.icon}, ${b.textColor} på ${b.backgroundColor})  ${b.query ? `?${printable(b.query)}` : "alle rejser"}`,
    ),
  );
  return 0;
}
