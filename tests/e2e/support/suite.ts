import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser, newContext, type ContextOptions } from "./browser";
import { PageErrors } from "./page-errors";
import { startServer, type ServerOptions, type TestServer } from "../../support/server";
import { localTiles, type LocalTiles } from "../../support/tiles";

// The set-up every e2e file shares: one built server on a fresh database (and usually one
// Chromium) for the whole file, and one browser context for each describe block. These register
// the vitest hooks where they are called, so a file states only what is particular to it.

/** The server's options, or a function giving them once the earlier beforeAll hooks have run (a tile server's URL, say). */
export type SuiteOptions = ServerOptions | (() => ServerOptions);

export interface ServerSuite {
  /** The running server; there from the file's (or block's) beforeAll on. */
  readonly server: TestServer;
}

export interface BrowserSuite extends ServerSuite {
  readonly browser: Browser;
  /**
   * A new context on the server (its baseURL), for a test that wants its own; the test closes it.
   * Its pages are watched: a page error or console error fails the test it happens in (page-errors.ts).
   */
  newContext(opts?: PageOptions): Promise<BrowserContext>;
  /** Page and console errors matching these are expected in the current test (one it provokes on purpose). */
  allowPageErrors(...patterns: RegExp[]): void;
}

export type PageOptions = Omit<ContextOptions, "baseURL">;

const resolve = (opts: SuiteOptions) => (typeof opts === "function" ? opts() : opts);

/** The value once beforeAll has set it: reading it at collection time is a mistake worth a clear message. */
function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`suite.${name} is there only once the beforeAll hooks have run`);
  return value;
}

/** After the server stopped: a stack trace it logged fails the file, whichever test caused it. */
function expectNoStackTraces(server: TestServer | undefined): void {
  const traces = server?.stackTraces() ?? [];
  if (traces.length) throw new Error(`the server logged ${traces.length} stack trace(s):\n${traces.join("\n")}`);
}

/** Starts the server in beforeAll and stops it in afterAll, for tests that need no browser. */
export function useServer(opts: SuiteOptions = {}): ServerSuite {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(resolve(opts));
  });
  afterAll(async () => {
    await server?.stop();
    expectNoStackTraces(server);
  });
  return {
    get server() {
      return ready(server, "server");
    },
  };
}

/**
 * Starts the server and launches Chromium side by side in beforeAll (both take seconds), and
 * closes the browser, then stops the server, in afterAll. Call it at the top of a file, or of a
 * describe block, after any hook whose result `opts` reads. Every test fails on a page or console
 * error of the suite's contexts' pages.
 */
export function useServerAndBrowser(opts: SuiteOptions = {}): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let tiles: LocalTiles | undefined;
  const pageErrors = new PageErrors();
  afterEach(() => {
    const errors = pageErrors.take();
    if (errors.length) throw new Error(`the pages reported ${errors.length} error(s):\n${errors.join("\n")}`);
  });
  beforeAll(async () => {
    // The pages' maps draw tiles from this machine, unless the file serves its own.
    tiles = await localTiles();
    const serverOpts = resolve(opts);
    const env = { MAP_TILE_URL: tiles.url, ...serverOpts.env };
    const [started, launched] = await Promise.allSettled([startServer({ ...serverOpts, env }), launchBrowser()]);
    // Keep whichever came up, so that afterAll ends it even when the other failed.
    if (started.status === "fulfilled") server = started.value;
    if (launched.status === "fulfilled") browser = launched.value;
    for (const result of [started, launched]) if (result.status === "rejected") throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await tiles?.close();
    expectNoStackTraces(server);
  });
  const suite: BrowserSuite = {
    get server() {
      return ready(server, "server");
    },
    get browser() {
      return ready(browser, "browser");
    },
    newContext: async (pageOpts = {}) => {
      const ctx = await newContext(suite.browser, { ...pageOpts, baseURL: suite.server.url });
      pageErrors.watch(ctx);
      return ctx;
    },
    allowPageErrors: (...patterns) => pageErrors.allow(...patterns),
  };
  return suite;
}

/**
 * One context and page on the suite's server for the enclosing describe block: made in beforeAll,
 * closed in afterAll. The block's tests share them (cookies, local storage, the page's URL) and run
 * in order, each going on from where the last one left off. `use` receives them as soon as they
 * exist, to keep in the block's own variables: `usePage(suite, { size: DESKTOP }, (p) => ({ page } = p))`.
 */
export function usePage(suite: BrowserSuite, opts: PageOptions, use: (opened: { ctx: BrowserContext; page: Page }) => void): void {
  let ctx: BrowserContext | undefined;
  beforeAll(async () => {
    ctx = await suite.newContext(opts);
    use({ ctx, page: await ctx.newPage() });
  });
  afterAll(() => ctx?.close());
}
