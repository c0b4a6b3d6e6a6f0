import { describe, expect, it } from "vitest";
import { z } from "~/domain/zod";
import { facetNumbersBody } from "~/domain/search-body";

// app/domain/zod.ts: the limit messages zod's Danish locale words poorly say which limit was passed.
const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0].message;

describe("zod's messages at the boundaries", () => {
  it("names an infinite number (JSON's 1e400) as such, also where a value may be a number, a string or a boolean", () => {
    expect(message(z.number(), JSON.parse("1e400"))).toBe("er ikke et endeligt tal (tallet er for stort eller for lille)");
    expect(message(z.number(), JSON.parse("-1e400"))).toBe("er ikke et endeligt tal (tallet er for stort eller for lille)");
    const body = JSON.parse('{"searchData":{"filters":{"minPrice":1e400}},"requiredFacetFields":["priceRange"]}');
    const issues = facetNumbersBody.safeParse(body).error!.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toEqual(["searchData", "filters", "minPrice"]);
    expect(issues[0].message).toMatch(/endeligt tal/);
  });

  it("says which number limit was passed, in da-DK", () => {
    expect(message(z.number().max(5_000_000), 1e300)).toBe("må højst være 5.000.000");
    expect(message(z.number().int(), 1e300)).toBe("må højst være 9.007.199.254.740.991");
    expect(message(z.number().min(1.5), 0)).toBe("skal være mindst 1,5");
    expect(message(z.number().positive(), 0)).toBe("skal være større end 0");
    expect(message(z.number().lt(10), 10)).toBe("skal være mindre end 10");
  });

  it("counts what a length limit counts", () => {
    expect(message(z.string().max(3), "abcd")).toBe("må højst have 3 tegn");
    expect(message(z.string().min(2), "a")).toBe("skal have mindst 2 tegn");
    expect(message(z.array(z.number()).max(2), [1, 2, 3])).toBe("må højst have 2 elementer");
    expect(message(z.array(z.number()).length(4), [1])).toBe("skal have præcis 4 elementer");
  });

  it("keeps a schema's own message", () => {
    expect(message(z.number().min(1, "egen besked"), 0)).toBe("egen besked");
  });
});
