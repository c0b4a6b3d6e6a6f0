// Starts a worker thread on a TypeScript module (workerData.module). The app runs its TypeScript
// through tsx, and a worker thread does not inherit its parent's module loader.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.module);
