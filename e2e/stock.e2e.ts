import { describe, expect, it } from "vitest";
import { testImages } from "@lootlane/server/test/test-images";
import { signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInOnPage, useJourney } from "./support/journey.js";

const password = "Stocking!1pass";
const seller = { email: "stock_seller@example.com", username: "stock_seller", password };
const buyer = { email: "stock_buyer@example.com", username: "stock_buyer", password };
const keys = ["HADES-2KEY-00001", "HADES-2KEY-00002", "HADES-2KEY-00003", "HADES-2KEY-00004", "HADES-2KEY-00005"];
const title = "Steam key for Hades II, global";
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s"));

type Category = { id: string; name: string; parent_id?: string | null };
type Deal = { quantity: number; price: number; items: string[]; product: { id: string } };

describe.skipIf(skipReason)("stock journey", () => {
  const journey = useJourney();

  it("a seller lists five keys from a pasted list; a buyer takes two and gets exactly those two in the chat; three stay in stock, and the seller tops the stock up and removes a key", async () => {
    const sellerApi = await signUpThroughApi(journey.server.baseUrl, journey.mail, seller);
    const buyerApi = await signUpThroughApi(journey.server.baseUrl, journey.mail, buyer);
    const { user_id: buyerId } = (await (await buyerApi.call("GET", "/auth/get-my-user-id")).json()) as {
      user_id: string;
    };
    const topUp = await journey.adminApi.call("POST", "/admin/balance-adjustment", {
      user_id: buyerId,
      amount: 1000,
      memo: "journey top-up",
    });
    expect(topUp.status, await topUp.clone().text()).toBe(200);
    const categories = (await (await sellerApi.call("GET", "/categories/all")).json()) as Category[];
    const game = categories.find((category) => !category.parent_id)!;

    // The seller, in English on a desktop, pastes five keys into a new automatic listing.
    const owner = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await signInOnPage(owner.page, seller);
    await owner.page.goto("/product/create");
    await owner.page.getByRole("heading", { level: 1, name: "Create product" }).waitFor();
    await owner.page.getByLabel("Title").fill(title);
    await owner.page.getByLabel("Description").fill("Each key activates Hades II on Steam in any region.");
    await owner.page.getByLabel("Price").fill("300");
    await owner.page.getByRole("combobox", { name: "Game" }).click();
    await owner.page.getByRole("option", { name: game.name, exact: true }).click();
    expect(
      await owner.page.getByRole("radio", { name: /Automatic: units of stock/ }).getAttribute("aria-checked"),
    ).toBe("true");
    await owner.page.getByLabel("Units of stock").fill(keys.join("\n"));
    await owner.page.getByText("5 units", { exact: true }).waitFor();
    await owner.page.getByLabel("Delivery note").fill("Activate on Steam: Games → Activate a product on Steam");
    await owner.page
      .getByLabel("Choose images")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await testImages.png(800, 600) });
    await owner.page.getByRole("button", { name: "Send for moderation" }).click();
    await owner.page.getByRole("heading", { level: 1, name: seller.username }).waitFor();

    const [created] = (await (
      await sellerApi.call("GET", `/products/user/by-username/${seller.username}`)
    ).json()) as Array<{ id: string; delivery: string; in_stock: number; status: string }>;
    expect(created).toMatchObject({ delivery: "auto", in_stock: 5, status: "moderation" });
    const productId = created!.id;
    expect((await journey.adminApi.call("POST", "/admin/products/approve", { product_id: productId })).status).toBe(
      200,
    );

    // The buyer, in Russian on a phone, sees the stock and buys two.
    const shopper = await openPage(journey.browser, journey.server.baseUrl, viewports.phone);
    await shopper.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInOnPage(shopper.page, buyer, { password: "Пароль", submit: "Войти" });
    await shopper.page.goto(`/product/${productId}`);
    await shopper.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await shopper.page.getByText("Моментальная доставка").waitFor();
    await shopper.page.getByText("В наличии: 5").waitFor();
    await shopper.page.getByRole("button", { name: "Купить", exact: true }).click();
    const dialog = shopper.page.getByRole("dialog", { name: "Купить этот товар?" });
    await dialog.getByLabel("Количество").fill("2");
    await dialog.getByText("Итого за 2 штуки").waitFor();
    await dialog.getByRole("button", { name: money("Оплатить 600 ₽") }).click();

    // In the deal's chat: exactly the two oldest keys, each to copy, and the seller's note.
    await expect.poll(() => new URL(shopper.page.url()).pathname, { timeout: 15_000 }).toBe("/chats");
    const messages = shopper.page.getByRole("region", { name: `Чат с ${seller.username}` }).getByRole("log");
    const units = messages.getByRole("list", { name: "Выданные единицы" });
    await units.waitFor();
    expect(await units.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining(keys[0]!),
      expect.stringContaining(keys[1]!),
    ]);
    await messages.getByText("Выдано 2 штуки").waitFor();
    await messages.getByText(money("2 × 300 ₽ =")).waitFor();
    await messages.getByText("Activate on Steam: Games → Activate a product on Steam").waitFor();
    for (const unsold of keys.slice(2)) expect(await shopper.page.getByText(unsold).count()).toBe(0);
    const bought = (await (await buyerApi.call("GET", `/users/${buyerId}/purchases`)).json()) as Deal[];
    expect(bought).toEqual([expect.objectContaining({ quantity: 2, price: 600, items: keys.slice(0, 2) })]);

    // Three are left, for everyone to see.
    await shopper.page.goto(`/product/${productId}`);
    await shopper.page.getByText("В наличии: 3").waitFor();

    // The seller's stock screen says the same: two sold, to whom they went is the deal's, three to sell.
    await owner.page.goto(`/product/${productId}`);
    await owner.page.getByText("In stock: 3").waitFor();
    await owner.page.getByRole("link", { name: "Manage stock" }).click();
    await owner.page.getByRole("heading", { level: 1, name: "Stock" }).waitFor();
    await owner.page.getByText("Sold: 2").waitFor();
    await owner.page.getByText("In stock: 3").waitFor();
    const list = owner.page.getByRole("list", { name: "Units" });
    await expect
      .poll(() => list.getByRole("listitem").allInnerTexts())
      .toEqual([
        // The state badge is written in capitals.
        expect.stringMatching(new RegExp(`^${keys[0]}\\s+SOLD\\s+Sold \\d`)),
        expect.stringMatching(new RegExp(`^${keys[1]}\\s+SOLD\\s+Sold \\d`)),
        expect.stringMatching(new RegExp(`^${keys[2]}\\s+IN STOCK\\s+Added \\d[\\s\\S]*Remove$`)),
        expect.stringMatching(new RegExp(`^${keys[3]}\\s+IN STOCK\\s+Added \\d[\\s\\S]*Remove$`)),
        expect.stringMatching(new RegExp(`^${keys[4]}\\s+IN STOCK\\s+Added \\d[\\s\\S]*Remove$`)),
      ]);

    // A key already in the listing is refused by its line; a new one is added, and an unsold one removed.
    const addUnits = owner.page.getByRole("textbox", { name: "Units of stock" });
    await addUnits.fill(`HADES-2KEY-00006\n${keys[0]}`);
    await owner.page.getByRole("button", { name: "Add units" }).click();
    await owner.page.getByText("Line 2 is already in the listing").waitFor();
    await addUnits.fill("HADES-2KEY-00006");
    await owner.page.getByRole("button", { name: "Add units" }).click();
    await owner.page.getByText("1 unit added. Buyers can take it now.").waitFor();
    await owner.page.getByText("In stock: 4").waitFor();
    await owner.page.getByRole("button", { name: `Remove ${keys[4]}` }).click();
    const confirm = owner.page.getByRole("dialog", { name: "Remove this unit?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await owner.page.getByText("The unit was removed").waitFor();
    await owner.page.getByText("In stock: 3").waitFor();
    const after = (await (await fetch(`${journey.server.baseUrl}/v1/products/${productId}`)).json()) as {
      in_stock: number;
    };
    expect(after.in_stock).toBe(3);

    for (const person of [owner, shopper]) {
      expect(person.pageErrors).toEqual([]);
      await person.context.close();
    }
  });
});
