/**
 * jsdom has no layout and no matchMedia. This matchMedia answers width queries from window.innerWidth,
 * so a test sets the viewport it needs and the app's media queries behave as in a browser of that width.
 */
const DEFAULT_WIDTH = 1280;

function matchesWidth(query: string, width: number): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matchesWidth(query, window.innerWidth),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

export function setViewportWidth(width: number = DEFAULT_WIDTH): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
}
