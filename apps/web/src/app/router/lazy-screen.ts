import { type ComponentType, type LazyExoticComponent, lazy, useSyncExternalStore } from "react";

/** A screen whose code downloads the first time it renders, or earlier when `preload` is called. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

let loadsInFlight = 0;
const listeners = new Set<() => void>();

// React starts a lazy component's download while it renders; telling the progress bar then would update one
// component during another's render, so the news waits for the render to end.
function announce() {
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

function tracked<T>(load: Promise<T>): Promise<T> {
  loadsInFlight += 1;
  announce();
  return load.finally(() => {
    loadsInFlight -= 1;
    announce();
  });
}

/** One download per screen, shared by `preload` and React's lazy rendering. */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= tracked(load().then((component) => ({ default: component }))));
  return Object.assign(lazy(preload), { preload });
}

export function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof component === "object" && component !== null && "preload" in component;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether some screen's code (with its texts) is still downloading. */
export function useScreenDownloading(): boolean {
  return useSyncExternalStore(subscribe, () => loadsInFlight > 0);
}
