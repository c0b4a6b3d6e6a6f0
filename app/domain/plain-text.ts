// What a name from outside (a feed's names and labels, a search agent's name) may hold, and the
// one form names are stored, compared and searched in (docs/feed.md "Names"). Client-safe.

/** Control characters: C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F, e.g. U+0085 "next line"). */
export function hasControl(s: string): boolean {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

// White space, controls, and what Unicode says to draw as nothing (zero-width spaces and joiners,
// the byte order mark, soft hyphens, Hangul fillers): a name of only these looks empty.
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

/** Whether a name has a character one can see: "empty" means none. */
export function hasVisible(s: string): boolean {
  return VISIBLE.test(s);
}

/** The form two names are compared in: composed (NFC, so "å" typed and "a" + ring stored are one), case folded as in Danish. */
export function nameKey(s: string): string {
  return s.normalize("NFC").trim().toLocaleLowerCase("da");
}
