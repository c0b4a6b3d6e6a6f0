import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Unit and integration tests; the browser suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files side by side even on two cores (Vitest's default there is one): much of the
    // integration tests' time waits on a child process (the CLI, a server) or a lease's heartbeat.
    // Measured on 2 cores: 532 s one at a time, 440 s two at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
