import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { escapeHtml } from "~/domain/escape-html";
import { texts } from "~/domain/texts";
import { agentForToken, deactivateAgent } from "~/services/agents/unsubscribe.server";
import { notFound } from "~/utils/responses.server";
import { UNSUBSCRIBE_STYLE } from "~/domain/inline-styles";

// /soegeagenter/afmeld/:token — the unsubscribe link of the search agents' e-mails
// (app/services/agents/notify.server.ts). Self-contained: no login, no JavaScript, plain HTML.
//
// GET only shows a confirmation page with a button, because mail scanners and link previews
// fetch links; POST pauses the agent. The POST is also the RFC 8058 one-click unsubscribe
// (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), which the mail provider sends from its
// own servers (with their Origin, `null` or none) — so neither this action nor the server's
// cross-site check (server/same-origin.ts) asks for our origin: the HMAC token in the URL is what
// authorises it, and it can only ever switch that one agent off. Unknown or forged token → 404.

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
};

function agentOf(db: AppLoadContext["db"], token: string | undefined) {
  const agent = token ? agentForToken(db, token) : undefined;
  if (!agent) throw notFound();
  return agent;
}

export function loader({ params, context }: LoaderFunctionArgs) {
  const agent = agentOf(context.db, params.token);
  const m = texts.mail;
  if (!agent.active) return page(m.unsubscribedTitle, `<p>${escapeHtml(m.unsubscribed(agent.name))}</p>`);
  return page(
    m.unsubscribeTitle,
    `<p>${escapeHtml(m.unsubscribeQuestion(agent.name))}</p>
<form method="post"><button type="submit">${escapeHtml(m.unsubscribeButton)}</button></form>`,
  );
}

export function action({ params, context }: ActionFunctionArgs) {
  const agent = agentOf(context.db, params.token);
  deactivateAgent(context.db, agent.id);
  return page(texts.mail.unsubscribedTitle, `<p>${escapeHtml(texts.mail.unsubscribed(agent.name))}</p>`);
}

function page(title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(texts.siteName)}</title>
${UNSUBSCRIBE_STYLE}</head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">${escapeHtml(texts.mail.toFrontPage)}</a></p></main></body></html>`;
  return new Response(html, { status: 200, headers: HEADERS });
}
