/**
 * A cap on how many of one kind of work run at once in this instance (issue 24): past it, new work is refused at
 * once, and the caller answers SERVER_BUSY. Under more load than the database can store, queueing everything made
 * every sender wait (p50 7 s) until acknowledgements timed out and pooled connections ran out; refusing the excess
 * keeps the admitted work fast and tells each refused sender so, instead of losing their message silently.
 */
export type InFlightLimit = {
  /** A release function when there is room (call it exactly once, when the work ends), else undefined. */
  tryEnter(): (() => void) | undefined;
};

/**
 * `overloaded`: a refusal whatever the count. The count alone misses work that has not been read yet: with the
 * database on the event loop's thread (PGlite), sends waited seconds unread while fewer than `max` were stored.
 */
export function createInFlightLimit(max: number, overloaded: () => boolean = () => false): InFlightLimit {
  let running = 0;
  return {
    tryEnter() {
      if (running >= max || overloaded()) return undefined;
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
  };
}
