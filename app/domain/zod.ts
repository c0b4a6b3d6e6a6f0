import { z } from "zod";

// Every boundary imports zod from here, so its messages are Danish wherever input is validated.
// zod's Danish locale words a few number messages poorly ("forventede tal, fik tal" for 1e400,
// "For stor: forventede streng havde <= 3 tegn"); those say here which limit was passed.

const INFINITE = "er ikke et endeligt tal (tallet er for stort eller for lille)";

function isInfinite(input: unknown): boolean {
  return input === Infinity || input === -Infinity;
}

/** A limit as a Dane reads it: 1000000 → "1.000.000". */
function limit(n: number | bigint): string {
  return Number(n).toLocaleString("da-DK", { maximumFractionDigits: 6 });
}

/** What a length limit counts. */
const UNITS: Partial<Record<string, string>> = { string: "tegn", array: "elementer", set: "elementer", file: "bytes" };

function limitMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "number" && isInfinite(issue.input) ? INFINITE : undefined;
    case "invalid_union":
      // A value that may be a number, a string or a boolean (JSON search bodies): an infinite number is the reason to name.
      return isInfinite(issue.input) ? INFINITE : undefined;
    case "too_big": {
      const unit = UNITS[issue.origin];
      if (unit) return `${issue.exact ? "skal have præcis" : "må højst have"} ${limit(issue.maximum)} ${unit}`;
      if (issue.origin !== "number" && issue.origin !== "int") return undefined;
      return issue.inclusive === false ? `skal være mindre end ${limit(issue.maximum)}` : `må højst være ${limit(issue.maximum)}`;
    }
    case "too_small": {
      const unit = UNITS[issue.origin];
      if (unit) return `${issue.exact ? "skal have præcis" : "skal have mindst"} ${limit(issue.minimum)} ${unit}`;
      if (issue.origin !== "number" && issue.origin !== "int") return undefined;
      return issue.inclusive === false ? `skal være større end ${limit(issue.minimum)}` : `skal være mindst ${limit(issue.minimum)}`;
    }
    default:
      return undefined;
  }
}

z.config({ ...z.locales.da(), customError: limitMessage });

export { z };
