import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The scripts a page names for the browser, from the Remix manifest that a checkout's server build
// exports (`assets`): the client entry, the root route and the page's route, with their static
// imports, which the page's modulepreload links load before any interaction. Lazy chunks (the map,
// drawers, dialogs) are not among them.

interface ManifestEntry {
  module: string;
  imports?: string[];
}

export interface ClientManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry | undefined>;
}

/** The client manifest of the build in `root` (read in a child process: the build is not this process's code). */
export async function clientManifest(root: string, env: Record<string, string> = {}): Promise<ClientManifest> {
  const serverBuild = path.join(root, "build/server/index.js");
  const code =
    `const m = await import(${JSON.stringify(pathToFileURL(serverBuild).href)});` +
    `process.stdout.write(JSON.stringify(m.assets)); process.exit(0);`;
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (c) => (c === 0 ? resolve(out) : reject(new Error(`reading the server build's assets failed: ${err.slice(-500)}`))));
  });
  return JSON.parse(stdout) as ClientManifest;
}

/** The JavaScript files (paths under build/client) a page of the route `routeId` loads up front. */
export function pageScripts(manifest: ClientManifest, routeId: string): string[] {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`no route "${routeId}" in the server build's assets`);
  const entries = [manifest.entry, manifest.routes.root, route].filter((r): r is ManifestEntry => r !== undefined);
  const files = entries.flatMap((r) => [r.module, ...(r.imports ?? [])]).map((f) => f.replace(/^\//, ""));
  return [...new Set(files)].filter((f) => f.endsWith(".js"));
}
