import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Category, ChatListItem, Deal, ProductDetail, PurchaseResult, User } from "@lootlane/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testImages } from "@lootlane/server/test/test-images";
import {
  connectSocket,
  type Deployment,
  type LiveSocket,
  newVisitor,
  nextEvent,
  okJson,
  sharedServers,
  startDeployment,
  type Visitor,
} from "./support/scale-out.js";
import { signInAdmin } from "./support/admin-sign-in.js";
import { type StartedServer, startServer } from "./support/server.js";

/*
 * ARCHITECTURE.md §1 "Scale-out", end to end: two instances of the built server, as behind a load balancer,
 * share PostgreSQL, Redis, S3 and SMTP but not their disks, and serve one deal whose people reach a different
 * instance from step to step.
 */

const servers = sharedServers();
if ("skipReason" in servers) {
  if (process.env.CI) throw new Error(`CI requires the scale-out journey, but ${servers.skipReason}`);
  console.warn(`\n[e2e] scale-out journey skipped: ${servers.skipReason}\n`);
}

const password = "Scaling!1pass";
const goods = "login: scale-out / password: Shared!2026";
const price = 1500;

describe.skipIf("skipReason" in servers)("two instances of one deployment", () => {
  let deployment: Deployment;
  let a: StartedServer;
  let b: StartedServer;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    if ("skipReason" in servers) return;
    deployment = await startDeployment(servers.databaseServerUrl, servers.redisUrl);
    // Started together, as an orchestrator would: migrations and the first-start seed must take turns.
    const [first, second] = await Promise.allSettled([
      startServer({ env: deployment.env }),
      startServer({ env: deployment.env }),
    ]);
    // Kept even when the other failed, so afterAll stops it.
    if (first.status === "fulfilled") a = first.value;
    if (second.status === "fulfilled") b = second.value;
    for (const result of [first, second]) if (result.status === "rejected") throw result.reason;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await deployment?.close();
  });

  async function signUp(
    visitor: Visitor,
    username: string,
    codeFrom: StartedServer,
    confirmAt: StartedServer,
  ): Promise<User> {
    const email = `${username}@example.com`;
    await okJson(
      visitor.at(codeFrom.baseUrl).call("POST", "/auth/send-verification-code", { email, username }),
      `sign-up code for ${email}`,
    );
    const email_code = deployment.mail.latestCodeFor(email);
    return okJson<User>(
      visitor
        .at(confirmAt.baseUrl)
        .call("POST", "/auth/confirm-verification-code", { email, username, password, email_code }),
      `sign-up of ${email}`,
    );
  }

  async function socketOf(server: StartedServer, visitor: Visitor): Promise<LiveSocket> {
    const socket = await connectSocket(server.baseUrl, visitor);
    sockets.push(socket);
    return socket;
  }

  async function joinChat(socket: LiveSocket, chatId: string): Promise<void> {
    const joined = nextEvent(socket, "join_room_success", (event) => event.room === chatId);
    socket.emit("join_room", { chat_id: chatId });
    await joined;
  }

  const balanceOf = async (visitor: Visitor, server: StartedServer, username: string) =>
    (await okJson<User>(visitor.at(server.baseUrl).call("GET", `/users/${username}`), `profile of ${username}`))
      .balance;

  it("a seller on A and a buyer on B go through a whole deal: shared media, money, live cards, chat and presence", async () => {
    const tag = randomBytes(3).toString("hex");
    const [seller, buyer, admin] = [newVisitor(), newVisitor(), newVisitor()];
    const sellerName = `so_s_${tag}`;
    const buyerName = `so_b_${tag}`;

    // Sign-up codes live in the database: the buyer's is mailed by A and accepted by B.
    const sellerUser = await signUp(seller, sellerName, a, a);
    const buyerUser = await signUp(buyer, buyerName, a, b);
    await signInAdmin(admin.at(b.baseUrl), b.baseUrl);

    // The seller lists a product with a picture on A; the admin approves it on B.
    const categories = await okJson<Category[]>(seller.at(a.baseUrl).call("GET", "/categories/all"), "category list");
    // One without a guarantee (the seed gives accounts 14 days): the seller is paid at confirmation, as checked below.
    const subcategory = categories.find((category) => category.parent_id && category.guarantee_days === null);
    expect(subcategory, "the seeded catalogue has subcategories without a guarantee").toBeDefined();
    const upload = await testImages.png();
    const form = new FormData();
    form.append("title", "Scaled-out Dota 2 account");
    form.append("description", "Listed on one instance, approved, bought and paid on the other.");
    form.append("product_data", goods);
    form.append("price", String(price));
    form.append("category_id", subcategory!.id);
    form.append("uploaded_images", new Blob([new Uint8Array(upload)], { type: "image/png" }), "cover.png");
    const created = await okJson<ProductDetail>(
      seller.at(a.baseUrl).call("POST", "/products/", form),
      "product creation",
    );
    expect(created.status).toBe("moderation");
    expect(created.images).toHaveLength(1);
    await okJson(admin.at(b.baseUrl).call("POST", "/admin/products/approve", { product_id: created.id }), "approval");
    const onSale = await okJson<ProductDetail>(
      buyer.at(a.baseUrl).call("GET", `/products/${created.id}`),
      "product page",
    );
    expect(onSale.status).toBe("active");

    // The picture A stored is served by B, from the bucket: neither instance keeps media on its own disk.
    const imageUrl = created.images[0]!.image_url;
    const { endpoint, bucket } = deployment.s3.config;
    const [viaA, viaB, inBucket] = await Promise.all([
      fetch(`${a.baseUrl}${imageUrl}`),
      fetch(`${b.baseUrl}${imageUrl}`),
      fetch(`${endpoint}/${bucket}/${imageUrl.replace(/^\/media\//, "")}`),
    ]);
    for (const response of [viaA, viaB, inBucket]) expect(response.status, response.url).toBe(200);
    expect(viaB.headers.get("content-type")).toBe("image/png");
    const served = Buffer.from(await viaB.arrayBuffer());
    expect(served.equals(Buffer.from(await viaA.arrayBuffer()))).toBe(true);
    expect(served.equals(Buffer.from(await inBucket.arrayBuffer()))).toBe(true);
    // Uploads are re-encoded without metadata, so it is the pixels that must be the seller's.
    expect((await sharp(served).raw().toBuffer()).equals(await sharp(upload).raw().toBuffer())).toBe(true);
    for (const instance of [a, b])
      expect(existsSync(path.join(instance.dataDir, "media")), instance.dataDir).toBe(false);
    // So are the seeded pictures, whichever instance won the first-start seed.
    const game = categories.find((category) => !category.parent_id && category.image_url);
    for (const instance of [a, b]) expect((await fetch(`${instance.baseUrl}${game!.image_url}`)).status).toBe(200);

    // The admin, signed in on B, tops the buyer up through A: sessions hold on every instance.
    const toppedUp = await okJson<User>(
      admin.at(a.baseUrl).call("PATCH", `/admin/user/${buyerUser.id}`, { balance: 2000 }),
      "top-up",
    );
    expect(toppedUp.balance).toBe(2000);
    expect(await balanceOf(seller, a, sellerName)).toBe(0);

    // The seller watches on A; the buyer pays on B, and the purchase card reaches the seller live.
    const sellerSocket = await socketOf(a, seller);
    const card = nextEvent(sellerSocket, "new_message", (message) => message.message_type === "purchase_info");
    const purchase = await okJson<PurchaseResult>(
      buyer.at(b.baseUrl).call("POST", "/products/buy", { product_id: created.id }),
      "purchase",
    );
    expect(purchase.balance).toBe(500);
    const { product } = await card;
    expect(product).toMatchObject({ id: created.id, is_owner: true, product_data_string: goods, price });
    expect(product?.deal).toMatchObject({
      id: purchase.deal.id,
      status: "purchased",
      buyer: { id: buyerUser.id },
      seller: { id: sellerUser.id },
    });

    // The buyer on B sees the seller, connected to A, online.
    const buyerSocket = await socketOf(b, buyer);
    const sellerInBuyersList = async () =>
      (await okJson<ChatListItem[]>(buyer.at(b.baseUrl).call("GET", "/chats/"), "buyer's chat list")).find(
        (chat) => chat.id === purchase.chat_id,
      )?.another_user;
    await expect.poll(sellerInBuyersList, { timeout: 10_000 }).toMatchObject({ username: sellerName, is_online: true });

    // Messages cross between the instances both ways.
    await joinChat(sellerSocket, purchase.chat_id);
    await joinChat(buyerSocket, purchase.chat_id);
    const atSeller = nextEvent(sellerSocket, "new_message", (message) => message.sender_id === buyerUser.id);
    expect(
      await buyerSocket
        .timeout(10_000)
        .emitWithAck("send_message", { chat_id: purchase.chat_id, message: "Got it, checking now" }),
    ).toMatchObject({ ok: true });
    expect(await atSeller).toMatchObject({ text: "Got it, checking now", chat_room_id: purchase.chat_id });
    const atBuyer = nextEvent(buyerSocket, "new_message", (message) => message.sender_id === sellerUser.id);
    expect(
      await sellerSocket
        .timeout(10_000)
        .emitWithAck("send_message", { chat_id: purchase.chat_id, message: "Enjoy the account!" }),
    ).toMatchObject({ ok: true });
    expect((await atBuyer).text).toBe("Enjoy the account!");

    // Confirming on B pays the seller in full (no commission by default), as A reads it; the seller hears it live.
    const confirmed = nextEvent(sellerSocket, "new_message", (message) => message.message_type === "system");
    const deal = await okJson<Deal>(
      buyer.at(b.baseUrl).call("PATCH", "/products/confirm-receipt", { product_id: created.id }),
      "confirm receipt",
    );
    expect(deal).toMatchObject({ status: "completed", commission: 0 });
    await confirmed;
    expect(await balanceOf(seller, a, sellerName)).toBe(price);
    expect(await balanceOf(buyer, a, buyerName)).toBe(500);

    // The seller leaves A; the buyer's socket on B is told, and so is the list.
    const wentOffline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.username === sellerName && !event.is_online,
    );
    sellerSocket.close();
    await wentOffline;
    expect(await sellerInBuyersList()).toMatchObject({ is_online: false });
  });
});
