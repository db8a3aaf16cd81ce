/**
 * Leaves the app for another page (a payment provider's checkout, or back from ours): a full navigation, not a
 * route change. Its own module so tests can observe it, which jsdom cannot perform.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
