/** Text made safe to place in HTML (element content or a quoted attribute), for markup built as strings: e-mails, Leaflet popups, the plain unsubscribe page. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
