import fs from "node:fs";

// Where a server's CPU time goes: a V8 CPU profile (`node --cpu-prof`) of the server while it
// renders one page under load, its samples inside the load's time window summed by the code
// they were in (self time).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time inside the window, idle excluded, ms. */
  busyMs: number;
  categories: Array<{ name: string; ms: number }>;
  functions: Array<{ name: string; ms: number }>;
}

const NATIVE_ENCODING = new Set(["encode", "encodeInto", "encodeUtf8String", "decode", "writev", "writeBuffer", "writeUtf8String"]);

/** The part of the stack a frame belongs to. */
export function categoryOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "(idle)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === "react-dom" || pkg === "react" || pkg === "scheduler") return "React (render to HTML)";
  if (pkg === "turbo-stream") return "turbo-stream (loader data into the page)";
  if (pkg?.startsWith("@remix-run/") || pkg?.startsWith("react-router")) return "Remix and its router";
  if (pkg === "@headlessui/react" || pkg?.startsWith("@react-aria/") || pkg?.startsWith("@floating-ui/")) return "Headless UI";
  if (pkg === "express" || pkg === "compression" || pkg === "body-parser" || pkg === "send") return "Express";
  if (pkg) return `other packages (${pkg})`;
  if (/\/app\/search\//.test(url) || /\/db\//.test(url)) return "search engine and store";
  if (/build\/server\//.test(url)) return "app: routes and components (build/server)";
  if (url.startsWith("node:") || NATIVE_ENCODING.has(functionName)) return "Node: HTTP, streams, encoding";
  if (!url) return "native and V8";
  return "other app code";
}

export function summariseProfile(file: string, window: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t < window.fromUs || t > window.toUs) continue;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const category = categoryOf(node.callFrame);
    if (category === "(idle)") continue;
    categories.set(category, (categories.get(category) ?? 0) + dt / 1000);
    const where = node.callFrame.url.replace(/^.*\/(node_modules|build|app)\//, "$1/") || "native";
    const name = `${node.callFrame.functionName || "(anonymous)"} ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + dt / 1000);
  }
  const sorted = (m: Map<string, number>) => [...m].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  const cats = sorted(categories);
  return { busyMs: cats.reduce((s, c) => s + c.ms, 0), categories: cats, functions: sorted(functions).slice(0, 8) };
}

/** The clock of V8's profile (CLOCK_MONOTONIC, µs), which Node's hrtime shares on Linux. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** CPU time (user + system) a process has used, ms, from /proc. */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
