import { defineConfig } from "vitest/config";
import path from "node:path";

// Playwright (playwright-core + Debian's Chromium) against the built server.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
