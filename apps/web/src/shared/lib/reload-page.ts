/** Its own module so tests can observe reloads, which jsdom cannot perform. */
export function reloadPage(): void {
  window.location.reload();
}
