import { texts } from "./texts";

/** A category's Danish name: the known label, else the slug with a capital and spaces ("ski-safari" → "Ski safari"). */
export function tagLabel(slug: string): string {
  return texts.tags[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, " ");
}
