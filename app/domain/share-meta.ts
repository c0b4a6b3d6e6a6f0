import { texts } from "./texts";

// A page's title, description and the Open Graph and Twitter card tags, so a shared link previews
// well. React writes them as attributes, which it escapes: a feed's name cannot leave its tag.

export interface ShareInfo {
  title: string;
  description: string;
  /** The canonical absolute URL. */
  url: string;
  image?: string | null;
}

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

export function shareMeta({ title, description, url, image }: ShareInfo): MetaTag[] {
  const tags: MetaTag[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: texts.siteName },
    { property: "og:locale", content: "da_DK" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  return tags;
}

/**
 * A page kept out of search engines (robots.txt and docs/urls.md "For search engines"): its title,
 * a description for a shared link, and noindex.
 */
export function unlistedMeta(title: string, description: string): MetaTag[] {
  return [{ title: `${title} – ${texts.siteName}` }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
}
