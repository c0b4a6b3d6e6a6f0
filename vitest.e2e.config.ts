import { defineConfig } from "vitest/config";
import path from "node:path";

// Playwright (playwright-core + Debian's Chromium) against the built server. Every wait in these
// tests is for a condition and ends on its own: polls after 15 s, a server start after 150 s,
// a test after 120 s, a hook after 240 s; the global setup ends any server left behind.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: false,
  },
});
