import { escapeHtml } from "./escape-html";

// The demo feed's photos (cli/demo/generate.ts points each demo accommodation at
// /demo-billeder/<id>.svg): a small landscape drawn from the id alone, so the same accommodation
// always gets the same picture and the demo shows photos without any network.

export const DEMO_PHOTO_PATH = "/demo-billeder";
/** Photos per demo accommodation: the first is its imageUrl, the rest its images list (`?v=2` …). */
export const DEMO_PHOTOS = 3;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

/** The demo photo URLs of an accommodation, under `base` (the site's address). */
export function demoPhotoUrls(base: string, id: string): string[] {
  const url = `${base.replace(/\/+$/, "")}${DEMO_PHOTO_PATH}/${encodeURIComponent(id)}.svg`;
  return Array.from({ length: DEMO_PHOTOS }, (_, k) => (k === 0 ? url : `${url}?v=${k + 1}`));
}

/** Whether `id` may name a demo photo (an accommodation id's characters and length). */
export function isDemoPhotoId(id: string): boolean {
  return ID.test(id);
}

function seeded(text: string): () => number {
  let h = 2166136261;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** A deterministic 800×600 SVG landscape (sky, sun, mountains with snow caps, a label) for one accommodation and variant. */
export function demoLandscapeSvg(id: string, variant: number, label: string): string {
  const rng = seeded(`${id}#${variant}`);
  const hue = Math.floor(190 + rng() * 40);
  const dusk = rng() < 0.3;
  const sky = dusk ? [`hsl(${hue + 140} 70% 75%)`, `hsl(${hue} 55% 45%)`] : [`hsl(${hue} 80% 85%)`, `hsl(${hue} 70% 55%)`];
  const ridges: string[] = [];
  for (let layer = 0; layer < 3; layer++) {
    const base = 330 + layer * 90;
    const peaks = 3 + Math.floor(rng() * 3);
    const points: string[] = [`0,600`, `0,${base}`];
    for (let p = 0; p < peaks; p++) {
      const x = Math.round(((p + 0.5) / peaks) * 800 + (rng() - 0.5) * 120);
      const top = Math.round(base - 120 - rng() * (170 - layer * 40));
      points.push(`${Math.max(0, x - 110)},${base}`, `${x},${top}`, `${Math.min(800, x + 110)},${base}`);
    }
    points.push(`800,${base}`, "800,600");
    const light = 30 + layer * 18;
    ridges.push(`<polygon points="${points.join(" ")}" fill="hsl(${hue} 25% ${light}%)"/>`);
    if (layer === 0) ridges.push(`<polygon points="${points.join(" ")}" fill="#fff" opacity="0.35" clip-path="url(#snow)"/>`);
  }
  const sunX = Math.round(120 + rng() * 560);
  const sunY = Math.round(90 + rng() * 80);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${escapeHtml(label)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[0]}"/></linearGradient>
<clipPath id="snow"><rect x="0" y="0" width="800" height="300"/></clipPath></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="44" fill="${dusk ? "#fde68a" : "#fffbeb"}" opacity="0.9"/>
${ridges.join("\n")}
<rect y="540" width="800" height="60" fill="#f8fafc"/>
<text x="24" y="580" font-family="Arial, Helvetica, sans-serif" font-size="22" fill="#334155">${escapeHtml(label)}</text>
</svg>`;
}
