// `npm start` builds the app only when a source is newer than the last build, so a second start
// with nothing changed serves in seconds. A file or folder is newer when its mtime is (a deleted
// file changes its folder's mtime). `--force` always builds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(ROOT, "build/server/index.js");
const INPUTS = ["app", "public", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];

function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

function isStale() {
  if (!fs.existsSync(OUTPUT)) return true;
  const built = fs.statSync(OUTPUT).mtimeMs;
  return INPUTS.some((input) => fs.existsSync(path.join(ROOT, input)) && newestMtime(path.join(ROOT, input)) > built);
}

if (process.argv.includes("--force") || isStale()) {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["vite:build"], { cwd: ROOT, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
console.log("Bygget er opdateret (ingen kilde er ændret siden sidste build).");
