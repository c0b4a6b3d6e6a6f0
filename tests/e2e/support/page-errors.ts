import type { BrowserContext, ConsoleMessage, Page } from "playwright-core";

// Every page a test opens runs without a page error (an uncaught exception, React's hydration
// errors among them: React reports a recoverable error such as #418 or #421 through
// window.reportError) and without an error on its console (a failed request, a refused script, a
// React warning). The suite's contexts are watched (suite.ts) and each test fails on what its
// pages reported, unless the test allowed it (`suite.allowPageErrors`): a test that provokes an
// error on purpose names it.

/**
 * Remix's single fetch logs the DOMException of a page load or fetcher load that a newer one
 * cancelled (back pressed twice, a search changed while one loads) while it decodes the answer
 * (@remix-run/react's single-fetch.js, `console.error(e)` before it rethrows): no fault of the page.
 */
function cancelledLoad(message: ConsoleMessage): boolean {
  return message.text().startsWith("AbortError: signal is aborted without reason") && /\/assets\/framework-/.test(message.location().url);
}

function where(message: ConsoleMessage): string {
  const { url } = message.location();
  return url ? ` (${url})` : "";
}

export class PageErrors {
  private found: string[] = [];
  private allowed: RegExp[] = [];

  /** Records the errors of every page of the context, those open now and those opened later. */
  watch(ctx: BrowserContext): void {
    const onPage = (page: Page) => {
      page.on("pageerror", (error) => this.found.push(`page error on ${page.url()}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !cancelledLoad(message))
          this.found.push(`console error on ${page.url()}: ${message.text()}${where(message)}`);
      });
    };
    ctx.pages().forEach(onPage);
    ctx.on("page", onPage);
  }

  /** Errors matching one of the patterns are expected until the next `take`. */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  /** The errors recorded since the last call that no allowed pattern matches; starts afresh (nothing recorded, nothing allowed). */
  take(): string[] {
    const unexpected = this.found.filter((e) => !this.allowed.some((p) => p.test(e)));
    this.found = [];
    this.allowed = [];
    return unexpected;
  }
}
