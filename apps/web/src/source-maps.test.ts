import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Under jsdom import.meta.url is not a file URL; the file's own path still is a path.
const webRoot = path.resolve(import.meta.dirname, "..");

// Resolved by Vite itself, in a plain Node process: esbuild, which loads the config, refuses to run under jsdom.
const resolveBuildOptions = `
  import { resolveConfig } from "vite";
  const { build } = await resolveConfig({ root: process.cwd(), mode: "production" }, "build", "production");
  const outputs = [build.rollupOptions.output ?? {}].flat();
  console.log(JSON.stringify({
    sourcemap: build.sourcemap,
    sourcemapExcludeSources: outputs.map((output) => output.sourcemapExcludeSources),
  }));
`;

describe("the production build", () => {
  it("writes source maps for error reports, without the sources and unreferenced by the scripts", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "--eval", resolveBuildOptions],
      { cwd: webRoot },
    );
    // "hidden": the maps are written, but no sourceMappingURL comment points a browser at them.
    expect(JSON.parse(stdout)).toEqual({ sourcemap: "hidden", sourcemapExcludeSources: [true] });
  });
});
