import { z } from "../app/domain/zod";
import { MAX_PERSONS, TRANSPORTS } from "../app/domain/constants";
import { isCalendarDate } from "../app/domain/dates";

// One line of the trip feed (DESIGN.md "The trip feed"). Messages are Danish: operators read them.

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "skal være en slug (a-z, 0-9 og bindestreg)");
const name = z.string().trim().min(1, "må ikke være tom").max(200, "er for lang (højst 200 tegn)");
const named = z.object({ slug, name });
const isoDate = z.string().refine(isCalendarDate, "skal være en gyldig dato (ÅÅÅÅ-MM-DD)");
const money = z.number().finite().positive("skal være større end 0").max(10_000_000, "er urimeligt høj");

export const feedLineSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, "skal være et id (bogstaver, tal, . _ : -)"),
    travelCompany: named,
    accommodation: z.object({
      id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, "skal være et id"),
      name,
      rating: z.number().int("skal være et helt tal").min(1, "skal være 1 til 5").max(5, "skal være 1 til 5"),
      features: z.array(z.object({ value: slug, name })).max(100),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      imageUrl: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .nullable(),
      destination: named.extend({ region: named, country: named }),
      tags: z.array(slug).max(50),
    }),
    departureDate: isoDate,
    nights: z.number().int("skal være et helt tal").min(1).max(60),
    transport: z.enum(TRANSPORTS, { message: `skal være ${TRANSPORTS.join(", ")}` }),
    persons: z.number().int("skal være et helt tal").min(1).max(MAX_PERSONS, `skal være 1 til ${MAX_PERSONS}`),
    price: money,
    pricePerPerson: money,
    originalPrice: money.nullable().optional(),
    mealPlan: z.object({ slug, title: name, short: z.string().trim().min(1).max(10) }),
    skiPass: z.object({ included: z.boolean(), days: z.number().int().min(0).max(365) }),
    url: z.url({ protocol: /^https?$/ }).max(2000),
  })
  .superRefine((t, ctx) => {
    if (!t.skiPass.included && t.skiPass.days !== 0) {
      ctx.addIssue({ code: "custom", path: ["skiPass", "days"], message: "skal være 0, når liftkort ikke er inkluderet" });
    }
    if (t.originalPrice != null && t.originalPrice < t.price) {
      ctx.addIssue({ code: "custom", path: ["originalPrice"], message: "må ikke være lavere end price" });
    }
  });

export type FeedLine = z.infer<typeof feedLineSchema>;

/** A one-line Danish reason for a rejected line: its first problems, each with the field's path. */
export function describeFeedError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.join(".") || "linjen";
      if (issue.code === "invalid_type" && issue.input === undefined) return `${path} mangler`;
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}
