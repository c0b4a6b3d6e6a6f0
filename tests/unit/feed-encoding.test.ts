import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodingProblem } from "../../cli/import/encoding";

// cli/import/encoding.ts: a feed in another form than UTF-8 text is named by its first bytes.
const text = '{"id":"a-1","accommodation":{"name":"Hôtel Åre Fjällgård"}}\n{"id":"a-2"}\n';
const utf16be = (s: string) => Buffer.from(s, "utf16le").swap16();

describe("the encoding of a feed, from its first bytes", () => {
  it("takes UTF-8 text, with or without a byte order mark, and with a broken line among good ones", () => {
    expect(encodingProblem(Buffer.from(text))).toBeNull();
    expect(encodingProblem(Buffer.from("\ufeff" + text))).toBeNull();
    expect(encodingProblem(Buffer.from('{"id":"plain ascii"}\n'))).toBeNull();
    expect(encodingProblem(Buffer.concat([Buffer.from(text), Buffer.from([0x7b, 0xe6, 0x7d, 0x0a])]))).toBeNull();
    // A character cut off by the end of the sample is no sign of anything.
    expect(encodingProblem(Buffer.from("{}\næ").subarray(0, 4))).toBeNull();
    expect(encodingProblem(Buffer.alloc(0))).toBeNull();
  });

  it("names a compressed feed", () => {
    expect(encodingProblem(zlib.gzipSync(text))).toBe("Feedet er gzip-komprimeret: pak det ud (gunzip FIL) og importér den udpakkede fil.");
    expect(encodingProblem(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toMatch(/^Feedet er en zip-fil/);
  });

  it("names UTF-16 and UTF-32, with a byte order mark or without", () => {
    const le = "Feedet er kodet som UTF-16 (little-endian), ikke UTF-8: gem det som UTF-8 (iconv -f UTF-16LE -t UTF-8) og importér igen.";
    const be = "Feedet er kodet som UTF-16 (big-endian), ikke UTF-8: gem det som UTF-8 (iconv -f UTF-16BE -t UTF-8) og importér igen.";
    expect(encodingProblem(Buffer.from("\ufeff" + text, "utf16le"))).toBe(le);
    expect(encodingProblem(Buffer.from(text, "utf16le"))).toBe(le);
    expect(encodingProblem(utf16be("\ufeff" + text))).toBe(be);
    expect(encodingProblem(utf16be(text))).toBe(be);
    expect(encodingProblem(Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]))).toMatch(/UTF-32 \(little-endian\)/);
  });

  it("names a Latin-1 or Windows-1252 feed by its first byte above ASCII and that byte's line", () => {
    const latin1 = Buffer.from('{"id":"a-0"}\n' + text, "latin1");
    expect(encodingProblem(latin1)).toBe(
      "Feedet er ikke UTF-8: linje 2 har byten 0xF4, og intet tegn i feedets start er UTF-8-kodet; det ligner Latin-1 eller Windows-1252. " +
        "Gem det som UTF-8 (iconv -f WINDOWS-1252 -t UTF-8) og importér igen.",
    );
  });
});
