// Waiting for a condition, never for a fixed time: polls `probe` until it gives a value (anything
// but undefined, null or false), and fails naming `what` when `timeoutMs` passes first.

export async function until<T>(what: string, probe: () => T | undefined | null | false, timeoutMs = 60_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
