import { fileURLToPath } from "node:url";
import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const apiOrigin = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // "source" makes @lootlane/contract resolve to its TypeScript source, so no contract build is needed;
    // the defaults stay so packages with "browser" exports (socket.io-client) still get their browser build.
    conditions: ["source", ...defaultClientConditions],
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/v1": apiOrigin,
      "/media": apiOrigin,
      "/socket.io": { target: apiOrigin, ws: true },
    },
  },
  build: {
    outDir: "dist",
    // Written for decoding error reports, but neither referenced from the scripts nor carrying the sources; the
    // server does not serve them either (apps/server/src/platform/http/web-app.ts).
    sourcemap: "hidden",
    // dist/.vite/manifest.json: which files each entry and lazy screen loads (the bundle-size bench reads it).
    manifest: true,
    rollupOptions: {
      output: {
        sourcemapExcludeSources: true,
        // Libraries every screen needs, in their own file: a release that changes only app code keeps them cached.
        manualChunks: {
          vendor: [
            "react",
            "react-dom",
            "react-dom/client",
            "react-router",
            "react-router/dom",
            "@tanstack/react-query",
            "i18next",
            "react-i18next",
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // A screen test renders lazy chunks in jsdom; beside the server suites and journeys on a 2-CPU machine one can
    // take several of vitest's default 5 s. A passing test ends as soon as it passes.
    testTimeout: 20_000,
  },
});
