import { chromium, type Browser, type BrowserContext } from "playwright-core";

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}

export const DESKTOP = { viewport: { width: 1440, height: 900 } };
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export interface ContextOptions {
  size?: typeof DESKTOP | typeof MOBILE;
  javaScript?: boolean;
  baseURL: string;
}

export function newContext(browser: Browser, opts: ContextOptions): Promise<BrowserContext> {
  return browser.newContext({
    ...(opts.size ?? DESKTOP),
    javaScriptEnabled: opts.javaScript ?? true,
    baseURL: opts.baseURL,
    locale: "da-DK",
  });
}
