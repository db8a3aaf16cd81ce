import { copyFile } from "node:fs/promises";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

/*
 * The web app's service worker (apps/web/public/sw.js, copied to the build's root by Vite) as the server serves
 * it, run in a context that offers what a browser gives a service worker: events, its registration, its clients.
 */

const ORIGIN = "https://market.example";
const workerSource = path.resolve(import.meta.dirname, "../../../../web/public/sw.js");

type Listener = (event: object) => void;
type Shown = { title: string; options: Record<string, unknown> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await copyFile(workerSource, path.join(t.config.webDistDir, "sw.js"));
});
afterAll(() => t.close());

/** The worker's script, started in a fresh service-worker-like scope with these windows open. */
async function startWorker(windowUrls: string[]) {
  const script = await t.app.inject({ method: "GET", url: "/sw.js", headers: { accept: "*/*" } });
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: () =>
        Promise.resolve(windowUrls.map((url) => ({ url, focus: () => Promise.resolve(focused.push(url)) }))),
      openWindow: (url: string) => Promise.resolve(opened.push(url)),
    },
  };
  runInNewContext(script.body, { self, URL, fetch: undefined });
  /** Dispatches an event and waits for what it asked the browser to wait for. */
  async function dispatch(type: string, fields: object): Promise<void> {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  }
  const pushed = (payload: unknown) =>
    dispatch("push", { data: { json: () => (typeof payload === "string" ? JSON.parse(payload) : payload) } });
  return { dispatch, pushed, shown, focused, opened };
}

describe("the service worker", () => {
  it("is served from the site's root as JavaScript, revalidated on every load, under the app's CSP", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/sw.js",
      headers: { accept: "*/*", "service-worker": "script" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("shows a push as a notification of this site, tagged so a newer one of the same chat replaces it", async () => {
    const worker = await startWorker([]);
    await worker.pushed({
      title: "2 new messages from bob",
      body: "“Boost”: hi",
      url: "/chats?chat=c1",
      tag: "chat:c1",
    });
    await worker.pushed({ title: "Elsewhere", body: "", url: "https://evil.example/phish", tag: "" });
    await worker.pushed("not json");
    expect(worker.shown).toEqual([
      {
        title: "2 new messages from bob",
        options: {
          body: "“Boost”: hi",
          icon: "/favicon.svg",
          data: { url: `${ORIGIN}/chats?chat=c1` },
          tag: "chat:c1",
          renotify: true,
        },
      },
      { title: "Elsewhere", options: { body: "", icon: "/favicon.svg", data: { url: `${ORIGIN}/` } } },
      { title: "Lootlane", options: { body: "", icon: "/favicon.svg", data: { url: `${ORIGIN}/` } } },
    ]);
  });

  it("on a click, focuses the tab already at the notification's page, or opens one", async () => {
    const page = `${ORIGIN}/chats?chat=c1`;
    const worker = await startWorker([`${ORIGIN}/wallet`, page]);
    const click = (url: string) =>
      worker.dispatch("notificationclick", { notification: { data: { url }, close: () => undefined } });
    await click(page);
    await click(`${ORIGIN}/product/p1`);
    expect([worker.focused, worker.opened]).toEqual([[page], [`${ORIGIN}/product/p1`]]);
  });
});
