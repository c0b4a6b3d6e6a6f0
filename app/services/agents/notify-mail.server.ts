import { RESULTS_PATH } from "~/domain/constants";
import { escapeHtml } from "~/domain/escape-html";
import { formatDate, formatPrice } from "~/domain/format";
import type { SearchQuery } from "~/domain/search-data";
import { searchSummary } from "~/domain/search-summary";
import { texts } from "~/domain/texts";
import { searchHref } from "~/domain/url-codec";
import type { MailOptions } from "~/services/mail/transport.server";

// A search agent's e-mail (texts.mail), written from the trips and price drops its run claimed
// (./notify.server.ts): a plain function of what it is given, so it reads nothing and sends nothing.

export const DEFAULT_FROM = "Pistepris <soegeagent@pistepris.dk>";
export const MAX_LISTED = 20;

export interface MailTrip {
  id: string;
  accommodation: string;
  resort: string;
  country: string;
  departureDate: string;
  nights: number;
  persons: number;
  price: number;
  pricePerPerson: number;
  company: string;
}

export interface MailDrop extends MailTrip {
  previousPrice: number;
}

export interface AgentMail {
  agent: { id: number; name: string; email: string; search: SearchQuery };
  /** The claimed batch, part of the Message-ID so a resent batch is recognisably the same message. */
  batch: string;
  trips: MailTrip[];
  drops: MailDrop[];
  /** The site's public address without a trailing slash, e.g. https://pistepris.dk */
  baseUrl: string;
  unsubscribeUrl: string;
  from: string;
  maxListed: number;
}

/** One agent's e-mail, in text and HTML: the new trips, then the price drops, each list cut at `maxListed`. */
export function composeMail({
  agent,
  batch,
  trips,
  drops,
  baseUrl: base,
  unsubscribeUrl: unsubscribe,
  from,
  maxListed: max,
}: AgentMail): MailOptions {
  const m = texts.mail;
  const query = agent.search;
  const searchUrl = base + searchHref({ searchData: query.searchData, sort: query.sort }, RESULTS_PATH);
  const listed = trips.slice(0, max);
  const rest = trips.length - listed.length;
  const summary = searchSummary(query.searchData).join(" · ");
  const host = new URL(base).hostname || "pistepris.dk";

  const lines = (t: MailTrip) => [
    `${t.accommodation}, ${t.resort}, ${t.country}`,
    `${m.departure(formatDate(t.departureDate))} · ${m.nights(t.nights)} · ${m.via(t.company)}`,
    `${m.partyPrice(formatPrice(t.price), t.persons)} · ${m.perPerson(formatPrice(t.pricePerPerson))}`,
  ];
  const offerUrl = (t: MailTrip) => `${base}/ud/${encodeURIComponent(t.id)}`;

  const listedDrops = drops.slice(0, max);
  const restDrops = drops.length - listedDrops.length;
  const dropLines = (d: MailDrop) => [...lines(d), m.droppedBy(formatPrice(d.previousPrice - d.price), formatPrice(d.previousPrice))];
  const subject =
    drops.length === 0
      ? m.subject(trips.length, agent.name)
      : trips.length === 0
        ? m.subjectDrops(drops.length, agent.name)
        : m.subjectBoth(trips.length, drops.length, agent.name);
  const intro = trips.length > 0 ? m.intro(trips.length, agent.name) : m.introDrops(drops.length, agent.name);
  const dropsHeading = m.dropsHeading(drops.length);

  const text = [
    intro,
    m.search(summary),
    "",
    ...listed.flatMap((t) => [...lines(t), `${m.seeOffer}: ${offerUrl(t)}`, ""]),
    ...(rest > 0 ? [m.more(rest), ""] : []),
    ...(drops.length > 0 && trips.length > 0 ? [`${dropsHeading}:`, ""] : []),
    ...listedDrops.flatMap((d) => [...dropLines(d), `${m.seeOffer}: ${offerUrl(d)}`, ""]),
    ...(restDrops > 0 ? [m.more(restDrops), ""] : []),
    `${m.openSearch}: ${searchUrl}`,
    "",
    "-- ",
    m.footer,
    `${m.unsubscribe}: ${unsubscribe}`,
  ].join("\n");

  const e = escapeHtml;
  const item = (parts: string[], t: MailTrip) => {
    const [title, ...rest] = parts;
    return `<li style="border-top:1px solid #e5e7eb;padding:12px 0"><strong>${e(title)}</strong><br>${rest.map(e).join("<br>")}<br><a href="${e(offerUrl(t))}">${e(m.seeOffer)}</a></li>`;
  };
  const list = (items: string[]) => (items.length ? `<ul style="list-style:none;padding:0">\n${items.join("\n")}\n</ul>\n` : "");
  const html = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<p>${e(intro)}</p>
<p style="color:#4b5563">${e(m.search(summary))}</p>
${list(listed.map((t) => item(lines(t), t)))}${rest > 0 ? `<p>${e(m.more(rest))}</p>\n` : ""}${
    drops.length > 0 && trips.length > 0 ? `<h2 style="font-size:16px">${e(dropsHeading)}</h2>\n` : ""
  }${list(listedDrops.map((d) => item(dropLines(d), d)))}${restDrops > 0 ? `<p>${e(m.more(restDrops))}</p>\n` : ""}<p><a href="${e(searchUrl)}">${e(m.openSearch)}</a></p>
<p style="color:#6b7280;font-size:12px">${e(m.footer)} <a href="${e(unsubscribe)}">${e(m.unsubscribe)}</a></p>
</body></html>`;

  return {
    from,
    to: agent.email,
    subject,
    messageId: `<agent-${agent.id}.${batch}@${host}>`,
    text,
    html,
    list: { unsubscribe: unsubscribe },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
