import { spawnSync } from "node:child_process";

// A container runs the server (or a CLI command) as PID 1 of a PID namespace of its own, and a
// restarted one is PID 1 again. Where this machine lets a test make PID namespaces (Linux, as
// root), `unshare` does the same; elsewhere the tests that need it simulate the holder instead.

const UNSHARE = ["unshare", "--pid", "--fork", "--mount-proc"];

/** The command prefix that runs a process as PID 1 of a new PID namespace, or undefined where that cannot be done. */
export const PID_NAMESPACE: string[] | undefined =
  spawnSync(UNSHARE[0], [...UNSHARE.slice(1), "sh", "-c", "test $$ = 1"], { stdio: "ignore" }).status === 0 ? UNSHARE : undefined;
