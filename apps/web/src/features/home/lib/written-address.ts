/**
 * The address a listing's next change builds on. Each change writes the whole query, and the router renders the
 * new address in a transition: until it has, the address it renders is older than the one written. On a busy
 * machine an older write can even render after a newer one was made (price "from" pausing, then "to"), and
 * building the next change (an order) on that would drop what was written since: the "to" price.
 */
export type WrittenAddress = {
  /** The query the next change starts from. */
  current(): URLSearchParams;
  /** A change was written: it is the base now, and its render is awaited. */
  wrote(next: URLSearchParams): void;
  /**
   * The router rendered `params`. One of ours: writes before it are done, and it is the base once no later write
   * awaits its render. Anything else came from elsewhere (Back, a link) and replaces what was awaited.
   */
  rendered(params: URLSearchParams): void;
};

export function createWrittenAddress(initial: URLSearchParams): WrittenAddress {
  let base = initial;
  let awaited: string[] = [];
  return {
    current: () => base,
    wrote(next) {
      base = next;
      awaited.push(next.toString());
    },
    rendered(params) {
      const at = awaited.indexOf(params.toString());
      awaited = at === -1 ? [] : awaited.slice(at + 1);
      if (awaited.length === 0) base = params;
    },
  };
}
