// Where an outbound link (an offer's click-out, a banner) sends the visitor: a URL from the store,
// parsed and serialised again, so the Location header is plain ASCII (other characters
// percent-encoded, a NUL too, the host in punycode) and can never fail to be sent; anything that is
// not an http(s) URL goes nowhere.

/** The stored `url` as an http(s) redirect target with `aff` set (replacing any it had), or null. */
export function outboundUrl(url: string, affiliateId: string | undefined): string | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  if (affiliateId) u.searchParams.set("aff", affiliateId);
  return u.href;
}
