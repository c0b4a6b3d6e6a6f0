import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/url-codec";
import { composeMail, type AgentMail, type MailTrip } from "~/services/agents/notify-mail.server";

// A search agent's e-mail as a plain function (app/services/agents/notify-mail.server.ts); the
// run that claims and sends it is tested against a real SMTP server in tests/integration/notify.test.ts.

const trip = (n: number, over: Partial<MailTrip> = {}): MailTrip => ({
  id: `t${n}`,
  accommodation: `Hotel ${n}`,
  resort: "Val Thorens",
  country: "Frankrig",
  departureDate: "2027-02-13",
  nights: 7,
  persons: 2,
  price: 10_000 + n,
  pricePerPerson: 5_000,
  company: "Skirejser A/S",
  ...over,
});

const mail = (over: Partial<AgentMail> = {}) =>
  composeMail({
    agent: { id: 7, name: "Vinterferie", email: "rejsende@example.dk", search: parseSearchQuery(new URLSearchParams("sort=price:asc")) },
    batch: "b1",
    trips: [trip(1)],
    drops: [],
    baseUrl: "https://pistepris.example",
    unsubscribeUrl: "https://pistepris.example/soegeagenter/afmeld/tok",
    from: "Pistepris <a@b.dk>",
    maxListed: 20,
    ...over,
  });

describe("a search agent's e-mail", () => {
  it("names the new trips, the price drops or both in its subject", () => {
    expect(mail().subject).toBe('1 ny skirejse til din søgeagent "Vinterferie"');
    expect(mail({ trips: [], drops: [{ ...trip(2), previousPrice: 11_000 }] }).subject).toBe('1 prisfald til din søgeagent "Vinterferie"');
    expect(mail({ trips: [trip(1), trip(2)], drops: [{ ...trip(3), previousPrice: 11_000 }] }).subject).toBe(
      '2 nye skirejser og 1 prisfald til din søgeagent "Vinterferie"',
    );
  });

  it("lists at most maxListed trips and counts the rest", () => {
    const m = mail({ trips: [trip(1), trip(2), trip(3)], maxListed: 2 });
    expect(m.text).toContain("Hotel 2");
    expect(m.text).not.toContain("Hotel 3");
    expect(m.text).toContain("og 1 flere");
    expect(m.html).toContain("og 1 flere");
  });

  it("tells a drop's amount and its former price in Danish kroner", () => {
    const m = mail({ trips: [], drops: [{ ...trip(2, { price: 9_000 }), previousPrice: 10_500 }] });
    expect(m.text).toMatch(/Prisen er faldet 1\.500 kr\.? \(før 10\.500 kr\.?\)/);
  });

  it("escapes a feed's strings in the HTML and links each offer through /ud", () => {
    const m = mail({ trips: [trip(1, { accommodation: '<script>alert("x")</script> & Co', id: "a/b" })] });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co");
    expect(m.text).toContain("https://pistepris.example/ud/a%2Fb");
  });

  it("is from, to and unsubscribed as given, with a Message-ID of the agent and batch", () => {
    const m = mail();
    expect(m.from).toBe("Pistepris <a@b.dk>");
    expect(m.to).toBe("rejsende@example.dk");
    expect(m.messageId).toBe("<agent-7.b1@pistepris.example>");
    expect(m.list).toEqual({ unsubscribe: "https://pistepris.example/soegeagenter/afmeld/tok" });
    expect(m.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});
