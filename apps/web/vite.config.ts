import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { defaultClientConditions, type Plugin } from "vite";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const apiOrigin = "http://localhost:3000";

/**
 * Writes `.br` and `.gz` beside every script and stylesheet of the build, at the strongest settings (it runs once
 * per build, not per request), for the server to send to browsers that accept them (@fastify/static's
 * preCompressed): the home page's scripts are some 900 kB as built and under 300 kB compressed.
 */
function precompress(): Plugin {
  const compressible = /\.(?:js|css|svg)$/;
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "lootlane:precompress",
    apply: "build",
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir!, file);
          const content = await readFile(target);
          await writeFile(
            `${target}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${target}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/** The contract only declares schemas and constants: an import from its index must not pull in every module. */
const isContractSource = (id: string) => id.includes("/packages/contract/src/");

export default defineConfig({
  plugins: [react(), precompress()],
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
      // To Rollup a zod call may have side effects, so every module of the contract's index stayed wherever one
      // of its exports was used: the entry chunk carried the schemas of every screen.
      treeshake: { moduleSideEffects: (id) => !isContractSource(id) },
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
