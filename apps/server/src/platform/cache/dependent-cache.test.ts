import { describe, expect, it } from "vitest";
import { createDependentCache, type Dependent } from "./dependent-cache.js";

/*
 * The dependent cache alone, on this instance (no Redis): a test signal stands for the modules' signals, and
 * each key's loader answers what the test's "rows" say now, with the dependencies it names.
 */

type Rows = Map<string, Dependent<string>>;

async function cacheOver(rows: Rows, maxEntries = 10) {
  const listeners = new Set<(dependency?: string) => void>();
  let loads = 0;
  let hold: Promise<void> | undefined;
  const cache = await createDependentCache<string>(
    "test-dependent",
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    async (key) => {
      loads += 1;
      // Read now, answered later: what a query that read before a change committed does.
      const read = rows.get(key)!;
      await hold;
      return read;
    },
    { ttlMs: 60_000, maxEntries, redisUrl: undefined, log: console },
  );
  return {
    cache,
    signal: (dependency?: string) => listeners.forEach((listener) => listener(dependency)),
    loads: () => loads,
    holdLoads() {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe("dependent cache", () => {
  it("answers from memory until a signal names one of the value's dependencies, and only then", async () => {
    const rows: Rows = new Map([
      ["alice", { value: "alice with bob", dependsOn: ["chat:1", "user:bob"] }],
      ["carol", { value: "carol with dave", dependsOn: ["chat:2", "user:dave"] }],
    ]);
    const { cache, signal, loads } = await cacheOver(rows);
    expect(await cache.get("alice")).toBe("alice with bob");
    expect(await cache.get("carol")).toBe("carol with dave");
    expect(await cache.get("alice")).toBe("alice with bob");
    expect(loads()).toBe(2);

    rows.set("alice", { value: "alice with bobby", dependsOn: ["chat:1", "user:bob"] });
    signal("user:dave");
    expect(await cache.get("alice")).toBe("alice with bob");
    signal("user:bob");
    expect(await cache.get("alice")).toBe("alice with bobby");
    expect(await cache.get("carol")).toBe("carol with dave");
    expect(loads()).toBe(4);
    await cache.close();
  });

  it("follows the dependencies of the value it keeps now, not those of an older one", async () => {
    const rows: Rows = new Map([["alice", { value: "one chat", dependsOn: ["chat:1"] }]]);
    const { cache, signal } = await cacheOver(rows);
    expect(await cache.get("alice")).toBe("one chat");
    rows.set("alice", { value: "two chats", dependsOn: ["chat:1", "chat:2"] });
    signal("chat:1");
    expect(await cache.get("alice")).toBe("two chats");
    rows.set("alice", { value: "two chats, one new message", dependsOn: ["chat:1", "chat:2"] });
    signal("chat:2");
    expect(await cache.get("alice")).toBe("two chats, one new message");
    await cache.close();
  });

  it("never keeps a value whose load a signal for one of its dependencies overtook", async () => {
    const rows: Rows = new Map([["alice", { value: "bob as he was", dependsOn: ["user:bob"] }]]);
    const { cache, signal, holdLoads } = await cacheOver(rows);
    const release = holdLoads();
    const answer = cache.get("alice");
    // The load has read bob's old row; his change commits and signals before the load answers.
    await new Promise((resolve) => setImmediate(resolve));
    rows.set("alice", { value: "bob as he is", dependsOn: ["user:bob"] });
    signal("user:bob");
    release();
    expect(await answer).toBe("bob as he was");
    expect(await cache.get("alice")).toBe("bob as he is");
    await cache.close();
  });

  it("keeps a value whose load only signals of other dependencies overtook", async () => {
    const rows: Rows = new Map([["alice", { value: "alice's list", dependsOn: ["user:bob"] }]]);
    const { cache, signal, holdLoads, loads } = await cacheOver(rows);
    const release = holdLoads();
    const answer = cache.get("alice");
    await new Promise((resolve) => setImmediate(resolve));
    signal("user:someone-else");
    release();
    expect(await answer).toBe("alice's list");
    expect(await cache.get("alice")).toBe("alice's list");
    expect(loads()).toBe(1);
    await cache.close();
  });

  it("forgets every value on a signal without a dependency", async () => {
    const rows: Rows = new Map([["alice", { value: "old", dependsOn: ["chat:1"] }]]);
    const { cache, signal } = await cacheOver(rows);
    expect(await cache.get("alice")).toBe("old");
    rows.set("alice", { value: "new", dependsOn: ["chat:1"] });
    signal();
    expect(await cache.get("alice")).toBe("new");
    await cache.close();
  });
});
