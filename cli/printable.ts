// What the CLI prints of stored text (names from feeds and operators) goes to a terminal: control
// characters there are commands (escape sequences move the cursor, clear the screen, set the
// window title or the clipboard), and bidirectional overrides reorder what is shown. They are
// dropped; the printable rest is kept.

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, "");
}
