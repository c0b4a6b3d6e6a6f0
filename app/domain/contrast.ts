// Colour contrast as WCAG 2.1 defines it, for the landing boxes' colours.

import { onFirstUse } from "./format";

/** A colour as the dashboard accepts it: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour's red, green and blue (0–255), or undefined for anything but #rgb/#rrggbb. */
export function parseHexColour(value: string): [number, number, number] | undefined {
  if (!HEX_COLOUR.test(value)) return undefined;
  const hex = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join("") : value.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour (0 black – 1 white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours (1 to 21), or undefined when either is not a #rgb/#rrggbb colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const ca = parseHexColour(a);
  const cb = parseHexColour(b);
  if (!ca || !cb) return undefined;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA's minimum for normal text. */
export const AA_NORMAL_TEXT = 4.5;

/** Whether text in `text` on `background` reaches WCAG AA for normal text (false when it cannot be told). */
export function meetsAA(text: string, background: string): boolean {
  const ratio = contrastRatio(text, background);
  return ratio !== undefined && ratio >= AA_NORMAL_TEXT;
}

const oneDecimal = onFirstUse(() => new Intl.NumberFormat("da-DK", { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** The ratio for people, rounded down to one decimal ("4,4"), so a ratio shown as 4,5 always passes AA. */
export function formatContrast(ratio: number): string {
  return oneDecimal().format(Math.floor(ratio * 10) / 10);
}
