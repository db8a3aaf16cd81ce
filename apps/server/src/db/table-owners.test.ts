import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * One owner per table (STYLE.md convention 2): the owners are written at the top of each schema file, and every
 * Drizzle insert/update/delete (and raw SQL write) in the server's code must sit in its table's owner.
 */

const srcDir = path.resolve(import.meta.dirname, "..");
const schemaDir = path.join(srcDir, "db/schema");

/** table variable → the places allowed to write it (a `table.column` line adds a writer of that column). */
function declaredOwners(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), "utf8");
    for (const [, table, owner] of text.matchAll(/^ \*\s+(\w+)(?:\.\w+)? → ([\w/-]+)/gm))
      owners.set(table!, (owners.get(table!) ?? new Set()).add(owner!));
  }
  return owners;
}

function sqlNamesOfTables(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), "utf8");
    for (const [, variable, name] of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g))
      names.set(name!, variable!);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === schemaDir || entry.name === "test" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Where a file belongs: its module (modules/deals), else its folder (platform/auth, db). */
function placeOf(file: string): string {
  const parts = path.relative(srcDir, path.dirname(file)).split(path.sep);
  return parts.slice(0, 2).join("/");
}

function writesIn(text: string, tablesBySqlName: Map<string, string>): string[] {
  const drizzle = [...text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].map((match) => match[1]!);
  const raw = [...text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|"?(\w+)"?)/gi)].map(
    (match) => match[1] ?? tablesBySqlName.get(match[2]!) ?? "",
  );
  return [...drizzle, ...raw];
}

/**
 * The tables whose rows answers kept in memory are built from (platform/cache), and the signals that forget them:
 * every declaration that writes one of these tables must raise one of its signals, after commit.
 */
const signalsOfCachedTables: Record<string, readonly string[]> = {
  users: ["userRowChanged"],
  ledgerEntries: ["userMoneyChanged"],
  notifications: ["unreadCountChanged"],
  chats: ["chatContentChanged", "chatOpened"],
  messages: ["chatContentChanged"],
  products: ["sellerProductsChanged"],
  productImages: ["sellerProductsChanged"],
  categories: ["categoryChanged"],
};

/** A file's top-level declarations, each with the comment above the next: a line at column 0 starts one. */
function declarationsIn(text: string): string[] {
  return text.split(/\n(?=[A-Za-z])/);
}

describe("table owners", () => {
  const owners = declaredOwners();
  const tablesBySqlName = sqlNamesOfTables();

  it("names an owner for every table of the schema", () => {
    expect([...tablesBySqlName.values()].filter((table) => !owners.has(table))).toEqual([]);
  });

  it("lets only a table's owner write it", () => {
    const writes = sourceFiles(srcDir).flatMap((file) =>
      writesIn(readFileSync(file, "utf8"), tablesBySqlName).map((table) => ({ file, table })),
    );
    // The scan sees the writes it must judge: users.service.ts writes users.
    expect(writes.some(({ file, table }) => table === "users" && placeOf(file) === "modules/users")).toBe(true);
    const strangers = writes
      .filter(({ file, table }) => owners.has(table) && !owners.get(table)!.has(placeOf(file)))
      .map(({ file, table }) => `${path.relative(srcDir, file)} writes ${table}, owned by ${[...owners.get(table)!]}`);
    expect(strangers).toEqual([]);
  });

  it("makes every write to a table kept in memory raise its signal in the same declaration", () => {
    const writes = sourceFiles(srcDir).flatMap((file) =>
      declarationsIn(readFileSync(file, "utf8")).flatMap((declaration) =>
        writesIn(declaration, tablesBySqlName)
          .filter((table) => table in signalsOfCachedTables)
          .map((table) => ({ file, table, declaration })),
      ),
    );
    // The scan sees the writes it must judge: products are written in several files.
    expect(new Set(writes.filter(({ table }) => table === "products").map(({ file }) => file)).size).toBeGreaterThan(3);
    const silent = writes
      .filter(
        ({ table, declaration }) => !signalsOfCachedTables[table]!.some((name) => declaration.includes(`${name}(`)),
      )
      .map(
        ({ file, table, declaration }) =>
          `${path.relative(srcDir, file)}: ${declaration.split("\n")[0]} writes ${table}`,
      );
    expect(silent).toEqual([]);
  });
});
