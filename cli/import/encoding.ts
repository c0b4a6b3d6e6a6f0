import { formatCount } from "../../app/domain/format";
import { UnusableFeedError } from "./errors";

// A feed is UTF-8 text (docs/feed.md "Lines"). The usual wrong files (a gzip-compressed export, a
// UTF-16 file from a Windows tool, a Latin-1 export) would otherwise have every line rejected as
// "ugyldig JSON" or "ikke gyldig UTF-8" with no hint why: the first bytes tell, and the import is
// refused in one line that names the encoding. A UTF-8 feed with a few broken lines is not refused:
// those lines are rejected one by one.

/** How much of the start of a feed is looked at. */
const SAMPLE_BYTES = 64 * 1024;

/** Why a feed starting with `head` cannot be read as UTF-8 text, or null when it can. */
export function encodingProblem(head: Uint8Array): string | null {
  const [a, b, c, d] = head;
  if (a === 0x1f && b === 0x8b) return "Feedet er gzip-komprimeret: pak det ud (gunzip FIL) og importér den udpakkede fil.";
  if (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) return "Feedet er en zip-fil: pak den ud og importér feedet i den.";
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return notUtf8("UTF-32 (little-endian)", "UTF-32LE");
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return notUtf8("UTF-32 (big-endian)", "UTF-32BE");
  if (a === 0xff && b === 0xfe) return notUtf8("UTF-16 (little-endian)", "UTF-16LE");
  if (a === 0xfe && b === 0xff) return notUtf8("UTF-16 (big-endian)", "UTF-16BE");
  // Without a byte order mark, JSON's first character (ASCII) shows as a zero byte after or before it.
  if (head.length >= 2 && a !== 0 && b === 0) return notUtf8("UTF-16 (little-endian)", "UTF-16LE");
  if (head.length >= 2 && a === 0 && b !== 0) return notUtf8("UTF-16 (big-endian)", "UTF-16BE");
  const single = singleByteText(head);
  if (single) {
    return (
      `Feedet er ikke UTF-8: linje ${formatCount(single.lineNo)} har byten 0x${single.byte.toString(16).toUpperCase()}, ` +
      "og intet tegn i feedets start er UTF-8-kodet; det ligner Latin-1 eller Windows-1252. " +
      "Gem det som UTF-8 (iconv -f WINDOWS-1252 -t UTF-8) og importér igen."
    );
  }
  return null;
}

function notUtf8(name: string, iconvName: string): string {
  return `Feedet er kodet som ${name}, ikke UTF-8: gem det som UTF-8 (iconv -f ${iconvName} -t UTF-8) og importér igen.`;
}

/**
 * The first byte of a single-byte encoding (Latin-1, Windows-1252) in `head`: a text whose bytes
 * above ASCII never form a UTF-8 sequence. One valid sequence and the text is taken for UTF-8
 * with broken lines. A sequence cut off by the end of `head` counts as neither.
 */
function singleByteText(head: Uint8Array): { byte: number; lineNo: number } | null {
  let first: { byte: number; at: number } | null = null;
  for (let k = 0; k < head.length; k++) {
    const byte = head[k];
    if (byte < 0x80) continue;
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length && k + length > head.length) break;
    let valid = length > 0;
    for (let n = 1; valid && n < length; n++) valid = (head[k + n] & 0xc0) === 0x80;
    if (valid) return null;
    first ??= { byte, at: k };
  }
  if (!first) return null;
  let lineNo = 1;
  for (let k = 0; k < first.at; k++) if (head[k] === 0x0a) lineNo++;
  return { byte: first.byte, lineNo };
}

/** The feed's bytes as they come, once its start is known to be UTF-8 text; an UnusableFeedError otherwise. */
export async function* checkedEncoding(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    held.push(chunk);
    size += chunk.length;
  }
  const head = held.length === 1 ? held[0] : Buffer.concat(held);
  const problem = encodingProblem(head.subarray(0, SAMPLE_BYTES));
  if (problem) {
    await iterator.return?.();
    throw new UnusableFeedError(`${problem} Intet blev importeret.`);
  }
  yield* held;
  if (done) return;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    yield typeof next.value === "string" ? Buffer.from(next.value) : next.value;
  }
}
