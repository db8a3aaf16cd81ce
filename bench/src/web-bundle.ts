import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web/dist");

export type WebBundleResult = {
  /** Where the file list came from: Vite's manifest, or index.html and the entry chunk's preload map. */
  source: string;
  files: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
};

/** The home route's page module (apps/web/src/app/router/routes.tsx), as the manifest keys it and Vite names its chunk. */
const HOME_MODULE = "src/features/home/pages/home-page.tsx";
const HOME_CHUNK = /^home-page-[\w-]+\.js$/;

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };

/**
 * The JS and CSS a first visit to the home route downloads, gzipped (zlib's default level, as a server would
 * compress them): index.html's script, module preloads and stylesheets, plus the home route's lazy chunk with
 * everything Vite preloads for it. Read from `dist/.vite/manifest.json` when the build writes one, else from
 * index.html and the `__vite__mapDeps` preload list in the entry chunk.
 */
export async function measureWebBundle(): Promise<WebBundleResult> {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  const { source, files } = existsSync(manifestPath) ? await filesFromManifest(manifestPath) : await filesFromHtml();
  let jsGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const file of files) {
    const size = gzipSync(await readFile(path.join(dist, file))).length;
    if (file.endsWith(".css")) cssGzipBytes += size;
    else jsGzipBytes += size;
  }
  return { source, files, jsGzipBytes, cssGzipBytes };
}

async function filesFromManifest(manifestPath: string): Promise<{ source: string; files: string[] }> {
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add("index.html");
  if (!manifest[HOME_MODULE]) throw new Error(`${manifestPath} has no ${HOME_MODULE}: did the home route move?`);
  add(HOME_MODULE);
  return { source: "dist/.vite/manifest.json", files: [...files] };
}

async function filesFromHtml(): Promise<{ source: string; files: string[] }> {
  const html = await readFile(path.join(dist, "index.html"), "utf8");
  const files = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    ),
  );
  const entry = [...html.matchAll(/<script\b[^>]*?src="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!)[0];
  if (!entry) throw new Error("apps/web/dist/index.html loads no script: is the web app built?");
  const code = await readFile(path.join(dist, entry), "utf8");
  // Vite preloads a lazy route as `import("./home-page-….js"),__vite__mapDeps([i, …])`, indices into one list.
  const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  const call = [...code.matchAll(/import\("\.\/([^"]+)"\),__vite__mapDeps\(\[([\d,]*)\]\)/g)].find((match) =>
    HOME_CHUNK.test(match[1]!),
  );
  if (!list || !call) throw new Error(`${entry} has no preload list for the home route's chunk`);
  const deps = JSON.parse(list) as string[];
  for (const index of call[2]!.split(",")) files.add(deps[Number(index)]!);
  return { source: "dist/index.html and the entry chunk's preload list", files: [...files] };
}
