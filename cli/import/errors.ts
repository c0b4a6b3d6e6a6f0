/** Thrown when a feed cannot be imported at all (exit status 2). Nothing is written. */
export class UnusableFeedError extends Error {
  /** The feed's lines read when it was refused (set by importFeed). */
  lines = 0;
}
