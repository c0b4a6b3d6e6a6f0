import { describe, expect, it } from "vitest";
import { hasControl, hasVisible, nameKey } from "~/domain/plain-text";

describe('plain text rules (docs/feed.md "Names")', () => {
  it("finds C0, DEL and C1 controls, and nothing else", () => {
    for (const c of ["\u0000", "\n", "\r", "\u001f", "\u007f", "\u0085", "\u009f"])
      expect(hasControl(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const s of ["Åre", "Hôtel", "\u00a0", "\u200b", "€"]) expect(hasControl(s), s).toBe(false);
  });

  it("calls a name of white space, zero-width characters, soft hyphens or a byte order mark empty", () => {
    for (const s of ["", " ", "\u200b\u200b", "\u200d", "\u00ad", "\ufeff", "\u3164", "\u00a0\u2003"])
      expect(hasVisible(s), JSON.stringify(s)).toBe(false);
    for (const s of ["a", "\u200bÅ", "1", "-", "😀"]) expect(hasVisible(s), s).toBe(true);
  });

  it("compares names composed and without case", () => {
    expect(nameKey("A\u030Are")).toBe(nameKey("ÅRE"));
    expect(nameKey(" Alpetours ")).toBe(nameKey("ALPETOURS"));
    expect(nameKey("Alpe Tours")).not.toBe(nameKey("Alpetours"));
  });
});
