import { describe, expect, it } from "vitest";
import { withoutEmails } from "../../app/utils/log.server";

// The log carries no e-mail address (docs/operations.md#logs): free text, such as a CLI error that
// names an account, loses its addresses before it is logged.

describe("withoutEmails", () => {
  it("hides every address in a message and keeps the rest", () => {
    expect(withoutEmails("der er ingen konto med e-mailen anna.b+ski@eksempel.dk")).toBe("der er ingen konto med e-mailen [skjult]");
    expect(withoutEmails('"ole@x.dk" og <kim@firma.co.uk>')).toBe('"[skjult]" og <[skjult]>');
    expect(withoutEmails("Linje 3: price: skal være et helt tal")).toBe("Linje 3: price: skal være et helt tal");
  });
});
