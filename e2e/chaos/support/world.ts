import type { Category, ChatListItem, ProductDetail, User } from "@lootlane/contract";
import type { TestMailServer } from "@lootlane/server/test/test-mail";
import { testImages } from "@lootlane/server/test/test-images";
import { newVisitor, okJson, type Visitor } from "../../support/scale-out.js";
import { signInAdmin } from "../../support/admin-sign-in.js";

/** A signed-up person: their own cookies and source address, so the per-IP auth limits count each apart. */
export type Member = { visitor: Visitor; user: User; email: string; password: string };

/** A buyer with money for their products, and the chat they talk in while buying. */
export type Buyer = Member & { topUp: number; products: Product[]; chatId: string };

export type Product = { id: string; price: number };

/** Everything the load runs against, prepared through the API of a running server. */
export type World = { admin: Visitor; sellers: Member[]; buyers: Buyer[] };

export type WorldPlan = { sellers: number; buyers: number; productsPerBuyer: number; tag: string };

export const password = "Chaos!2026pass";

/** Distinct prices, so a balance that is off by a purchase cannot add up by accident. */
const priceOf = (index: number) => 100 + (index % 7) * 10;

/** More than the buyer's products cost: what is left over shows that nothing beyond them was taken. */
const SPARE_ROUBLES = 500;

/** Requests at once while preparing: enough to be quick, few enough not to queue behind the embedded database. */
const PREPARE_CONCURRENCY = 8;

/** Signs a new person up with the code mailed to the test SMTP server; answers 200 or throws with the server's words. */
export async function signUp(
  baseUrl: string,
  mail: TestMailServer,
  username: string,
  visitor = newVisitor(),
): Promise<Member> {
  const email = `${username}@chaos.test`;
  await okJson(
    visitor.at(baseUrl).call("POST", "/auth/send-verification-code", { email, username }),
    `sign-up code for ${email}`,
  );
  const email_code = mail.latestCodeFor(email);
  const user = await okJson<User>(
    visitor.at(baseUrl).call("POST", "/auth/confirm-verification-code", { email, username, password, email_code }),
    `sign-up of ${email}`,
  );
  return { visitor, user, email, password };
}

/**
 * On a server started without the demo catalogue: a game, sellers with `buyers × productsPerBuyer` approved products on sale, and buyers topped up by the admin through
 * the ledger, each with a chat opened ("Message seller") about their first product.
 */
export async function prepareWorld(baseUrl: string, mail: TestMailServer, plan: WorldPlan): Promise<World> {
  const admin = newVisitor();
  await signInAdmin(admin.at(baseUrl), baseUrl);
  const sellers = await inBatches(range(plan.sellers), (index) => signUp(baseUrl, mail, `cs${index}_${plan.tag}`));
  const image = await testImages.png();
  const category = await okJson<Category>(
    admin.at(baseUrl).call("POST", "/admin/category", categoryForm(plan.tag, image)),
    "category creation",
  );

  const productCount = plan.buyers * plan.productsPerBuyer;
  const products = await inBatches(range(productCount), async (index): Promise<Product> => {
    const seller = sellers[index % sellers.length]!;
    const form = productForm(index, category.id, image);
    const created = await okJson<ProductDetail>(
      seller.visitor.at(baseUrl).call("POST", "/products/", form),
      `product ${index}`,
    );
    await okJson(
      admin.at(baseUrl).call("POST", "/admin/products/approve", { product_id: created.id }),
      `approval of product ${index}`,
    );
    return { id: created.id, price: priceOf(index) };
  });

  const buyers = await inBatches(range(plan.buyers), async (index): Promise<Buyer> => {
    const member = await signUp(baseUrl, mail, `cb${index}_${plan.tag}`);
    const own = products.slice(index * plan.productsPerBuyer, (index + 1) * plan.productsPerBuyer);
    const topUp = own.reduce((sum, product) => sum + product.price, SPARE_ROUBLES);
    await okJson(
      admin
        .at(baseUrl)
        .call("POST", "/admin/balance-adjustment", { user_id: member.user.id, amount: topUp, memo: "chaos top-up" }),
      `top-up of ${member.email}`,
    );
    const chat = await okJson<ChatListItem>(
      member.visitor.at(baseUrl).call("POST", "/chats/", { product_id: own[0]!.id }),
      `chat of ${member.email}`,
    );
    return { ...member, topUp, products: own, chatId: chat.id };
  });
  return { admin, sellers, buyers };
}

function categoryForm(tag: string, image: Buffer): FormData {
  const form = new FormData();
  form.append("name", `Chaos ${tag}`);
  form.append("description", "Where the goods bought during the crash are listed.");
  form.append("uploaded_image", new Blob([new Uint8Array(image)], { type: "image/png" }), "game.png");
  return form;
}

function productForm(index: number, categoryId: string, image: Buffer): FormData {
  const form = new FormData();
  form.append("title", `Chaos account number ${index}`);
  form.append("description", "An account listed to be bought while the server is killed.");
  form.append("product_data", `login: chaos-${index} / password: Secret!${index}`);
  form.append("price", String(priceOf(index)));
  form.append("category_id", categoryId);
  form.append("uploaded_images", new Blob([new Uint8Array(image)], { type: "image/png" }), "cover.png");
  return form;
}

export const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** `work` over every item, PREPARE_CONCURRENCY at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PREPARE_CONCURRENCY) {
    results.push(...(await Promise.all(items.slice(start, start + PREPARE_CONCURRENCY).map(work))));
  }
  return results;
}
