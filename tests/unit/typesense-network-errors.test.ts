import { describe, expect, it } from "vitest";
import { isPassing, NETWORK_ERROR_CODES } from "~/search/typesense/build-requests";
import { unavailable } from "~/search/typesense/client";

// A request that reached no Typesense is the same thing to a build (send it again) and to a search
// (Typesense unavailable): both read one list of network error codes.

const URL = "http://typesense:8108";
const failed = (code: string) => Object.assign(new Error(`connect ${code} typesense`), { code });
const asSearch = (code: string) => unavailable(failed(code), URL, 2000, "TYPESENSE_SEARCH_TIMEOUT_MS");

describe("a request that reached no Typesense", () => {
  it("is sent again by a build and makes a search unavailable, for every network error code", () => {
    expect(NETWORK_ERROR_CODES.size).toBeGreaterThan(5);
    for (const code of NETWORK_ERROR_CODES) {
      expect(isPassing(failed(code)), code).toBe(true);
      expect(asSearch(code)?.kind, code).toMatch(/^(unreachable|timeout)$/);
    }
  });

  it("includes a name Docker's DNS no longer resolves (a restarting container) and the resolver's own failure", () => {
    for (const code of ["ENOTFOUND", "EAI_AGAIN"]) {
      expect(isPassing(failed(code)), code).toBe(true);
      expect(asSearch(code)?.message, code).toBe(`Typesense på ${URL} kan ikke nås (${code}): tjek TYPESENSE_URL, og at Typesense kører`);
    }
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED", "ETIMEDOUT"])
      expect(NETWORK_ERROR_CODES.has(code), code).toBe(true);
  });

  it("leaves a fault of ours alone: no retry, no 'unavailable' (a 500)", () => {
    for (const error of [new TypeError("x is undefined"), failed("ENOENT"), failed("ERR_INVALID_ARG_TYPE")]) {
      expect(isPassing(error)).toBe(false);
      expect(unavailable(error, URL, 2000, "TYPESENSE_SEARCH_TIMEOUT_MS")).toBeUndefined();
    }
  });
});
