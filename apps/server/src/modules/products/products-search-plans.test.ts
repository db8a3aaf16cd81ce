import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.js";
import { categories } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { createTestDatabase } from "../../test/test-database.js";

let database: Database;
let db: Db;

async function planOf(query: SQL): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row).join(" ")).join("\n");
}

/**
 * A word's test as the search writes it: a word starting with the stem of any of its forms, unless the first is a
 * word its language leaves out. The planner must fold it into one tsquery to look it up in an index.
 */
const anyForm = (...forms: string[]) => {
  const [typed, ...others] = forms.map((form) => sql`to_tsquery('russian', ${`${form}:*`})`);
  return sql`case when numnode(${typed}) = 0 then ${typed} else ${sql.join([typed, ...others], sql` || `)} end`;
};

/** The first page of listings on sale whose `column` has the word, newest on sale first. */
const firstPage = (column: "title_words" | "text_words", word: SQL) =>
  sql`select id from products where status = 'active' and deleted_at is null and ${sql.identifier(column)} @@ (${word})
      order by listed_at desc, id desc limit 31`;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [seller] = await db
    .insert(users)
    .values({ email: "seller@example.com", username: "seller", passwordHash: "x" })
    .returning({ id: users.id });
  const [game] = await db
    .insert(categories)
    .values({ name: "Dota 2", nameRu: "Dota 2", slug: "dota-2" })
    .returning({ id: categories.id });
  // Most listings sell accounts; three in 20,000 an arcana, named in the title of one and the descriptions of two.
  await db.execute(sql`
    insert into products (seller_id, category_id, game_id, title, description, price_kopecks, status, listed_at)
    select ${seller!.id}, ${game!.id}, ${game!.id},
           case when n = 10000 then 'Arcana for Phantom Assassin' else 'Ranked account number ' || n end,
           case when n in (10, 19990) then 'Comes with an arcana.' else 'Full e-mail access, no bans.' end,
           10000, 'active', now() - n * interval '1 minute'
    from generate_series(1, 20000) as n`);
  // As migration 0012 leaves a catalogue: word frequencies sampled.
  await db.execute(sql`analyze products`);
});
afterAll(() => database.close());

describe("the search's word lookups", () => {
  it("find a rare word through the title's word index, in any of its forms", async () => {
    const arcana = anyForm("арканы", "fhrfys", "arkany", "arcana");
    expect(await planOf(firstPage("title_words", arcana))).toContain("products_title_words_idx");
  });

  it("walk the newest-first listing index for a common word, with no sort of its matches", async () => {
    const plan = await planOf(firstPage("title_words", anyForm("accounts", "ффссщгтеы", "аккоунтс")));
    expect(plan).toContain("products_on_sale_listed_idx");
    expect(plan).not.toMatch(/Sort/);
  });
});
