import { afterEach, beforeEach, vi } from "vitest";

/**
 * jsdom has no object URLs; a preview only needs an address to put in the <img>. Stubs them for every test of the
 * file that calls this: each is `blob:preview`, or with `numbered` `blob:preview-1`, `-2`… counted per test, so a
 * test can tell the previews apart.
 */
export function stubObjectUrls({ numbered = false } = {}): void {
  beforeEach(() => {
    let previews = 0;
    URL.createObjectURL = vi.fn(() => (numbered ? `blob:preview-${++previews}` : "blob:preview"));
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, "createObjectURL");
    Reflect.deleteProperty(URL, "revokeObjectURL");
  });
}
