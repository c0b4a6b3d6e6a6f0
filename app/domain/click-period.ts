import { fromDay, isCalendarDate, toDay, todayInDenmark } from "./dates";
import { texts } from "./texts";
import { z } from "./zod";

// The period the dashboard's click statistics are asked for (`fra`, `til`). Its schema is for the
// loaders only: a module the pages' scripts import builds no zod schema (zod stays off the pages).

/** The longest period one page shows: a year and a day. */
export const MAX_PERIOD_DAYS = 366;
/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

const t = texts.ops.clicks;
const day = z.string({ error: t.dateInvalid }).refine(isCalendarDate, { error: t.dateInvalid });

export const periodInput = z
  .object({ fra: day, til: day })
  .refine((p) => p.fra <= p.til, { error: t.toBeforeFrom, path: ["til"] })
  .refine((p) => p.fra > p.til || toDay(p.til) - toDay(p.fra) < MAX_PERIOD_DAYS, { error: t.periodTooLong, path: ["til"] });

export interface Period {
  from: string;
  to: string;
}

/** The period of a query string (`fra`, `til`), the last 30 days when neither is given. */
export function parsePeriod(params: URLSearchParams, now = new Date()): { ok: true; period: Period } | { ok: false; error: string } {
  const today = todayInDenmark(now);
  const fra = params.get("fra") || undefined;
  const til = params.get("til") || undefined;
  if (fra === undefined && til === undefined)
    return { ok: true, period: { from: fromDay(toDay(today) - DEFAULT_PERIOD_DAYS + 1), to: today } };
  const parsed = periodInput.safeParse({ fra: fra ?? today, til: til ?? today });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message };
  return { ok: true, period: { from: parsed.data.fra, to: parsed.data.til } };
}
