// `npm test`: every part of the suite, one after the other, each reported; a failing part does
// not hide the others. Exits non-zero when any part failed. The browser tests need a build, so
// they are skipped (and reported) when the build fails.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);

const PARTS = [
  { name: "typecheck", command: [bin("tsc"), "--noEmit"] },
  { name: "lint", command: [bin("eslint"), ".", "--max-warnings", "0"] },
  { name: "format", command: [bin("prettier"), "--check", "."] },
  { name: "unit and integration tests", command: [bin("vitest"), "run"] },
  { name: "build", command: [process.execPath, "scripts/build-if-stale.mjs"] },
  { name: "browser tests", command: [bin("vitest"), "run", "--config", "vitest.e2e.config.ts"], needs: "build" },
];

const results = [];
for (const part of PARTS) {
  const needed = part.needs && results.find((r) => r.name === part.needs);
  if (needed && needed.status !== 0) {
    results.push({ name: part.name, status: null, seconds: 0 });
    continue;
  }
  console.log(`\n━━ ${part.name} ━━`);
  const started = performance.now();
  const run = spawnSync(part.command[0], part.command.slice(1), { cwd: ROOT, stdio: "inherit" });
  results.push({ name: part.name, status: run.status ?? 1, seconds: (performance.now() - started) / 1000 });
}

console.log("\n━━ summary ━━");
for (const r of results) {
  const mark = r.status === null ? "–" : r.status === 0 ? "✓" : "✗";
  const what = r.status === null ? "not run (the build failed)" : r.status === 0 ? "passed" : `failed (exit ${r.status})`;
  console.log(`${mark} ${r.name.padEnd(28)} ${what}${r.status === null ? "" : `, ${r.seconds.toFixed(1)} s`}`);
}
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
