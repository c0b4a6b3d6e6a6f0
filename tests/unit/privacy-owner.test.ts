import { describe, expect, it } from "vitest";
import { texts } from "../../app/domain/texts";

// The privacy page's owner line (app/components/privacy/privacy-policy.tsx): SITE_OWNER_NAME
// defaults to the site's own name, which must not read "Pistepris driver Pistepris".

describe("the privacy page's owner line", () => {
  it("names a company that runs the site, and the site alone when no other name is configured", () => {
    expect(texts.privacy.owner("Pistepris ApS")).toBe(
      "Pistepris ApS driver Pistepris og er dataansvarlig for de oplysninger, der står her.",
    );
    expect(texts.privacy.owner("Pistepris")).toBe("Pistepris er dataansvarlig for de oplysninger, der står her.");
  });
});
