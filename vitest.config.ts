import { defineConfig } from "vitest/config";
import path from "node:path";

// Unit and integration tests; the browser suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
