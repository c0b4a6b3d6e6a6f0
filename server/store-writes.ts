import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { texts } from "../app/domain/texts";
import type { StoreFile, StoreProblem } from "../db/store-file";

// Writes to a store that cannot take them (a read-only file or file system, a full disk, the file
// replaced or its WAL deleted under the running server, another writer's lock held past the busy
// timeout: db/store-file.ts) are answered with a Danish 503, never a 500, and never written into a
// file that is no longer the store. Remix 2 has no middleware, so this wraps the build's route
// modules: before every action the store is checked (two stat calls, and a remembered failed
// write), and a loader's or action's write that fails for the store's reason becomes the 503. Each
// problem is logged once, until the store takes writes again. The click-outs count their clicks
// only when they can, and redirect either way (app/services/counting/count-if-possible.server.ts).

type Build = ServerBuild | (() => Promise<ServerBuild>);
type Handler<A> = (args: A) => unknown;

const RETRY_AFTER_SECONDS = 30;

/** The build with every route's action and loader behind the store check. */
export function guardStoreWrites(build: Build, store: StoreFile): Build {
  const log = logOnce();
  const guarded = new WeakMap<ServerBuild, ServerBuild>();
  const guard = (b: ServerBuild): ServerBuild => {
    let g = guarded.get(b);
    if (!g) guarded.set(b, (g = guardBuild(b, store, log)));
    return g;
  };
  return typeof build === "function" ? () => build().then(guard) : guard(build);
}

function guardBuild(build: ServerBuild, store: StoreFile, log: (problem: StoreProblem | undefined) => void): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { action, loader } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(action && { action: wrap(action as Handler<ActionFunctionArgs>, true) }),
        ...(loader && { loader: wrap(loader as Handler<LoaderFunctionArgs>, false) }),
      },
    };
  }
  return { ...build, routes };

  function wrap<A extends ActionFunctionArgs | LoaderFunctionArgs>(handler: Handler<A>, writes: boolean) {
    return async (args: A) => {
      if (writes) {
        const problem = store.problem();
        if (problem) throw refusal(args.request, problem, log);
      }
      try {
        const answer = await handler(args);
        // A write went through: the next problem, even the same one again, is logged.
        if (writes) log(undefined);
        return answer;
      } catch (error) {
        const problem = error instanceof Response ? undefined : store.failed(error);
        throw problem ? refusal(args.request, problem, log) : error;
      }
    };
  }
}

function refusal(request: Request, problem: StoreProblem, log: (problem: StoreProblem | undefined) => void): Response {
  log(problem);
  const headers = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };
  return new URL(request.url).pathname.startsWith("/api/")
    ? Response.json({ error: texts.errors.storeUnavailable }, { status: 503, headers })
    : new Response(texts.errors.storeUnavailable, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/** Logs a problem once, and again only after another one, or a write that went through, came between. */
function logOnce(): (problem: StoreProblem | undefined) => void {
  let last: string | undefined;
  return (problem) => {
    if (problem?.message === last) return;
    last = problem?.message;
    if (problem) console.error(`Skrivninger afvises (503): ${problem.message}.`);
  };
}
