import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import "@/shared/i18n/i18n";
import { installMatchMedia, setViewportWidth } from "./viewport";

// jsdom cannot reload a page; tests observe the call instead.
vi.mock("@/shared/lib/reload-page", () => ({ reloadPage: vi.fn() }));

installMatchMedia();
setViewportWidth();

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
