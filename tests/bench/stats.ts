// Small statistics and table helpers for the benchmark report.

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank: the smallest sample with at least p% of the samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function median(samples: number[]): number {
  return percentile(samples, 50);
}

export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  if (ms < 1) return ms.toFixed(3);
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return Math.round(ms).toString();
}

export function fmtMb(bytes: number): string {
  if (!Number.isFinite(bytes)) return "–";
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export function fmtRatio(r: number): string {
  if (!Number.isFinite(r)) return "–";
  return r >= 100 ? `${Math.round(r)}×` : `${r.toFixed(1)}×`;
}

/** A plain-text table with aligned columns (numbers right-aligned). */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[-–\d.,×%~ ]*(ms|MB|s)?$/.test(r[i] ?? "")));
  const line = (cells: string[]) => cells.map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function markdownTable(header: string[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    `| ${header.map(esc).join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}
