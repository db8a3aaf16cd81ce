import "@testing-library/jest-dom/vitest";
import { File as NodeFile } from "node:buffer";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { i18n, i18nReady } from "@/shared/i18n/i18n";
import { resources } from "@/shared/i18n/resources";
import { installMatchMedia, setViewportWidth } from "./viewport";

// The app downloads a screen's texts with the screen; components rendered on their own in tests have every text
// of both languages from the start (i18next then downloads nothing more).
await i18nReady;
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, texts);
}

// The notifications' container downloads with the first notification (AppProviders). Compiled here once, a test
// that reads a notification beside the screen it came with does not race that compile on a busy machine.
await import("@/app/providers/notifications-outlet");

// jsdom cannot reload a page; tests observe the call instead.
vi.mock("@/shared/lib/reload-page", () => ({ reloadPage: vi.fn() }));
// Nor leave for another page (a payment provider's checkout); tests read where the app went.
vi.mock("@/shared/lib/leave-for", () => ({ leaveFor: vi.fn() }));

// Screens are lazy chunks: the first visit to one in a test file compiles it, which on a busy machine takes
// longer than testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 3000 });

// Requests go through Node's fetch (undici), which since Node 24 accepts only its own File and FormData (it
// refuses or empties jsdom's, and reads a multipart answer back into the global File). A browser's forms and files
// are its fetch's own, so here they are Node's: FormData taken from a form Node's Response parses. Blob stays
// jsdom's, which jsdom's FileReader (user-event's clipboard) reads.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
const JsdomFormData = window.FormData;

/**
 * Node's FormData, which also reads a jsdom form as a browser's reads its own: React does `new FormData(form)`
 * for a form submitted while a transition is pending, and Node's alone refuses a jsdom element (an uncaught error
 * in whichever test clicked "Save" at that moment). Picked files are already Node's, so every entry appends as is.
 */
class BrowserLikeFormData extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (form) for (const [name, value] of new JsdomFormData(form, submitter)) this.append(name, value);
  }
}

for (const scope of [globalThis, window] as unknown as Array<Record<string, unknown>>) {
  scope.File = NodeFile;
  scope.FormData = BrowserLikeFormData;
}

installMatchMedia();
setViewportWidth();

// jsdom has no ResizeObserver; Mantine's ScrollArea (inside every Select's dropdown) observes its size.
// Without layout there is nothing to report, so an observer that never calls back is faithful enough.
window.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// jsdom does not lay out, so it has no scrollIntoView; Mantine's Combobox scrolls the selected option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => {
  cleanup();
  // Notifications live in a module-level store that outlives each render.
  notifications.clean();
  localStorage.clear();
  setViewportWidth();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

// Screens render as in a browser that holds a session (the hint cookie the server sets with the tokens), so each
// test's API stubs decide who is signed in; tests of a guest without the hint clear it.
beforeEach(() => {
  document.cookie = "session_hint=1; path=/";
});
