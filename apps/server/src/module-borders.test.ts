import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The repository's own ESLint configuration, run on small texts placed where they would break a rule: proof that
 * `npm run lint` fails on a module border crossed, a cycle between modules and a path into the server's sources.
 */

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("the lint rules of the server's modules", () => {
  it("refuses another module's internal file", async () => {
    const code = 'import { loadDealViews } from "../deals/deals.views.js";\nexport const views = loadDealViews;\n';
    expect(await ruleIdsFor("apps/server/src/modules/reviews/reviews.service.ts", code)).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });

  it("allows another module's service", async () => {
    const code =
      'import { latestDealOfChat } from "../deals/deals.service.js";\nexport const latest = latestDealOfChat;\n';
    expect(await ruleIdsFor("apps/server/src/modules/reviews/reviews.service.ts", code)).toEqual([]);
  });

  it("refuses a module that imports a module depending on it", async () => {
    // Deals import chats (a purchase opens its chat), so chats may not import deals, even through its service.
    const code =
      'import { latestDealOfChat } from "../deals/deals.service.js";\nexport const latest = latestDealOfChat;\n';
    expect(await ruleIdsFor("apps/server/src/modules/chats/chats.service.ts", code)).toEqual(["lootlane/module-cycle"]);
  });

  it("refuses a module file named without its module and role", async () => {
    expect(await ruleIdsFor("apps/server/src/modules/chats/chat-helpers.ts", "export const one = 1;\n")).toEqual([
      "lootlane/module-file-name",
    ]);
  });

  it("refuses a path into the server's sources from another workspace", async () => {
    const code =
      'import { openDatabase } from "../../apps/server/src/db/client.js";\nexport const open = openDatabase;\n';
    expect(await ruleIdsFor("bench/src/example.ts", code)).toEqual(["no-restricted-imports"]);
  });
});
