import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { CHAT_ATTACHMENT_FIELD, IMAGE_MAX_BYTES, type ChatListItem, type ChatMessage } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { chats, messages } from "../../db/schema/chats.js";
import { disputes } from "../../db/schema/deals.js";
import { mediaUploads } from "../../db/schema/media.js";
import { notifications } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import { hostileImages, POLYGLOT_PAYLOAD } from "../../test/hostile-images.js";
import type { FormPart } from "../../test/multipart.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import { connectAs, joinRoom, listenOnFreePort, nextEvent, sendMessage } from "../../test/test-chats.js";
import { createTestClock } from "../../test/test-clock.js";
import { createTestDeal } from "../../test/test-deals.js";
import { testImages } from "../../test/test-images.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { MESSAGE_RATE } from "./chats-messages.service.js";

let t: TestApp;
let game: Category;
const { person, connect, sockets, closeSockets } = testPeople("attach", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A buyer who pressed Message seller on a seller's active product, and their chat. */
async function chatBetween() {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
  const response = await buyer.client.post("/v1/chats/", { product_id: product.id });
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, chatId: (response.json() as ChatListItem).id };
}

/** A deal between two people in its own chat, `disputed` with an open dispute the buyer opened. */
async function disputedChat() {
  const seller = await person();
  const buyer = await person();
  const { deal, chat } = await createTestDeal(t, {
    sellerId: seller.user.id,
    buyerId: buyer.user.id,
    status: "disputed",
  });
  const [dispute] = await t.database.db
    .insert(disputes)
    .values({ dealId: deal.id, openedBy: buyer.user.id, reason: "not_received", text: "The account was taken back" })
    .returning();
  return { seller, buyer, chatId: chat.id, disputeId: dispute!.id };
}

function attach(who: Person | undefined, chatId: string, parts: FormPart[]) {
  return sendForm(t, who?.client, "POST", `/v1/chats/${chatId}/attachments`, parts);
}

const storedMessages = (chatId: string) => t.database.db.select().from(messages).where(eq(messages.chatId, chatId));

/** Every file under the media directory. */
async function mediaFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, "media");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The bytes the media route serves for an address of an answer. */
async function served(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
}

describe("POST /v1/chats/{id}/attachments", () => {
  it("stores a re-encoded image with its caption and delivers it live to the room like a text message", async () => {
    const { seller, buyer, chatId } = await chatBetween();
    const sellerSocket = await connect(seller);
    expect((await joinRoom(sellerSocket, chatId)).joined).toBe(true);
    const live = nextEvent(sellerSocket, "new_message", (message) => message.chat_room_id === chatId);
    const updated = nextEvent(sellerSocket, "chat_updated", (item) => item.id === chatId && item.unread_count === 1);

    const response = await attach(buyer, chatId, [
      imagePart(CHAT_ATTACHMENT_FIELD, await testImages.phoneJpeg(), "proof.jpg"),
      ...textParts({ text: "  the screenshot  " }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json() as ChatMessage;
    // The phone's picture turned upright (EXIF orientation), as the stored size says.
    expect(message).toMatchObject({
      chat_room_id: chatId,
      sender_id: buyer.user.id,
      text: "the screenshot",
      message_type: "text",
      from_admin: false,
      attachments: [{ width: 100, height: 200 }],
    });
    expect(await live).toEqual(message);
    await updated;

    const [attachment] = message.attachments;
    const image = await served(attachment!.url);
    expect((await sharp(image).metadata()).exif, "no EXIF (GPS) survives").toBeUndefined();
    expect((await sharp(await served(attachment!.thumbnail_url)).metadata()).format).toBe("jpeg");
    // The seller reads it in the history in the same shape; text messages carry no attachments.
    await sendMessage(await connect(seller), chatId, "thanks");
    const history = (await seller.client.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[];
    expect(history.map((item) => [item.text, item.attachments.length, item.from_admin])).toEqual([
      ["the screenshot", 1, false],
      ["thanks", 0, false],
    ]);
    // The seller's notification quotes the caption.
    const [notice] = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(notice?.params).toMatchObject({ text: "the screenshot" });
    // The image counts against the sender's upload quota.
    const uploads = await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.ownerId, buyer.user.id));
    expect(uploads).toHaveLength(1);
  });

  it("stores a polyglot as our own encoding, without the page it carried", async () => {
    const { buyer, chatId } = await chatBetween();
    const polyglot = await hostileImages.pngWithHtml();
    const response = await attach(buyer, chatId, [imagePart(CHAT_ATTACHMENT_FIELD, polyglot, "x.png")]);
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json() as ChatMessage;
    expect(message.text).toBe("");
    // Without a caption, the seller's notification quotes a picture sign rather than nothing.
    const [seller] = await t.database.db.select().from(chats).where(eq(chats.id, chatId));
    const [notice] = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller!.sellerId));
    expect(notice?.params).toMatchObject({ text: "🖼" });
    for (const url of [message.attachments[0]!.url, message.attachments[0]!.thumbnail_url]) {
      const stored = await served(url);
      expect((await sharp(stored).metadata()).format).toBe("png");
      expect(stored.includes(POLYGLOT_PAYLOAD)).toBe(false);
    }
    const file = await readFile(path.join(t.config.dataDir, "media", message.attachments[0]!.url.slice(7)));
    expect(file.includes("<script")).toBe(false);
  });

  describe("refuses, storing neither a message nor a file", () => {
    const hostile = [
      ["an HTML page named x.png", hostileImages.html, "x.png", 400, "WRONG_FILE_TYPE"],
      ["an SVG with script named x.png", hostileImages.scriptedSvg, "x.png", 400, "WRONG_IMAGE_FORMAT"],
      ["a GIF header in front of a PNG", hostileImages.gifHeaderThenPng, "x.png", 400, "WRONG_IMAGE_FORMAT"],
      ["a PNG cut in half", hostileImages.truncatedPng, "x.png", 400, "WRONG_FILE_TYPE"],
      ["a PNG declaring 10 gigapixels", hostileImages.pngDeclaringTenGigapixels, "x.png", 413, "IMAGE_TOO_LARGE"],
      ["a complete 100 MP PNG in 430 KB", hostileImages.pngBomb, "x.png", 413, "IMAGE_TOO_LARGE"],
      [
        "a file one byte over the size limit",
        async () =>
          Buffer.concat([await testImages.png(), Buffer.alloc(IMAGE_MAX_BYTES)]).subarray(0, IMAGE_MAX_BYTES + 1),
        "x.png",
        413,
        "IMAGE_TOO_LARGE",
      ],
    ] as const;

    it.each(hostile)("%s", async (_, make, filename, status, code) => {
      const { buyer, chatId } = await chatBetween();
      const filesBefore = await mediaFiles();
      const response = await attach(buyer, chatId, [imagePart(CHAT_ATTACHMENT_FIELD, await make(), filename)]);
      expect([response.statusCode, response.json().detail.error_code], response.body).toEqual([status, code]);
      expect(await storedMessages(chatId)).toEqual([]);
      expect(await mediaFiles()).toEqual(filesBefore);
    });

    it("no image, or two; a guest; a stranger; a banned member; an admin while nothing is disputed", async () => {
      const { buyer, chatId } = await chatBetween();
      const png = await testImages.png();
      const filesBefore = await mediaFiles();
      const outcome = async (who: Person | undefined, parts: FormPart[]) => {
        const response = await attach(who, chatId, parts);
        return [response.statusCode, response.json().detail.error_code];
      };
      expect(await outcome(buyer, textParts({ text: "no picture" }))).toEqual([422, "VALIDATION_ERROR"]);
      const two = [imagePart(CHAT_ATTACHMENT_FIELD, png), imagePart(CHAT_ATTACHMENT_FIELD, png)];
      expect(await outcome(buyer, two)).toEqual([422, "VALIDATION_ERROR"]);
      const one = [imagePart(CHAT_ATTACHMENT_FIELD, png)];
      expect(await outcome(undefined, one)).toEqual([401, "TOKEN_NOT_FOUND"]);
      expect(await outcome(await person(), one)).toEqual([404, "CHAT_NOT_FOUND"]);
      expect(await outcome(await person("admin"), one)).toEqual([403, "CHAT_NO_OPEN_DISPUTE"]);
      await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, buyer.user.id));
      expect(await outcome(buyer, one)).toEqual([403, "USER_IS_BANNED"]);
      expect(await storedMessages(chatId)).toEqual([]);
      expect(await mediaFiles()).toEqual(filesBefore);
    });
  });
});

describe("the admin in a disputed chat", () => {
  it("writes text and images, marked as the admin, and both members get them live", async () => {
    const { seller, buyer, chatId } = await disputedChat();
    const admin = await person("admin");
    const [buyerSocket, sellerSocket, adminSocket] = await Promise.all([
      connect(buyer),
      connect(seller),
      connect(admin),
    ]);
    for (const socket of [buyerSocket, sellerSocket, adminSocket])
      expect((await joinRoom(socket, chatId)).joined).toBe(true);

    const textArrives = [buyerSocket, sellerSocket].map((socket) =>
      nextEvent(socket, "new_message", (message) => message.text === "Which account was it?"),
    );
    const sent = await sendMessage(adminSocket, chatId, "Which account was it?");
    expect(sent).toMatchObject({ ok: true, message: { from_admin: true, sender_id: admin.user.id } });
    for (const arrived of await Promise.all(textArrives)) expect(arrived.from_admin).toBe(true);

    const imageArrives = nextEvent(buyerSocket, "new_message", (message) => message.attachments.length === 1);
    const response = await attach(admin, chatId, [imagePart(CHAT_ATTACHMENT_FIELD, await testImages.png())]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await imageArrives).from_admin).toBe(true);

    // The buyer answers as a member; the history tells the admin's messages apart.
    await sendMessage(buyerSocket, chatId, "The one with the gold skin");
    const history = (await buyer.client.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[];
    expect(history.map((message) => [message.sender_id, message.from_admin])).toEqual([
      [admin.user.id, true],
      [admin.user.id, true],
      [buyer.user.id, false],
    ]);
  });

  it("is refused again once the dispute is resolved", async () => {
    const { chatId, disputeId } = await disputedChat();
    const admin = await person("admin");
    await t.database.db
      .update(disputes)
      .set({ status: "resolved", resolution: "refund", resolvedBy: admin.user.id, resolvedAt: new Date() })
      .where(eq(disputes.id, disputeId));
    const socket = await connect(admin);
    expect(await sendMessage(socket, chatId, "too late")).toMatchObject({
      ok: false,
      error: { error_code: "CHAT_NO_OPEN_DISPUTE" },
    });
    const response = await attach(admin, chatId, [imagePart(CHAT_ATTACHMENT_FIELD, await testImages.png())]);
    expect([response.statusCode, response.json().detail.error_code]).toEqual([403, "CHAT_NO_OPEN_DISPUTE"]);
    expect(await storedMessages(chatId)).toEqual([]);
  });
});

describe("the message rate limit", () => {
  it("counts images with text messages: past it an image is refused (429) before anything is stored", async () => {
    // A clock that stands still, so the minute cannot roll over between the last allowed message and the image.
    const clock = createTestClock();
    const limited = await createTestApp({}, { clock: clock.now });
    try {
      const limitedUrl = await listenOnFreePort(limited.app);
      const { db } = limited.database;
      const seller = await createTestUser(db, { username: "attach_rate_seller" });
      const buyer = await createTestUser(db, { username: "attach_rate_buyer" });
      const product = await createTestProduct(limited, {
        sellerId: seller.id,
        categoryId: (await createTestGame(db)).id,
      });
      const client = await signInAs(limited.app, buyer);
      const chat = (await client.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
      const socket = await connectAs(limitedUrl, client);
      sockets.push(socket);
      for (let sent = 0; sent < MESSAGE_RATE.max; sent++)
        expect((await sendMessage(socket, chat.id, `message ${sent}`)).ok).toBe(true);

      const image = [imagePart(CHAT_ATTACHMENT_FIELD, await testImages.png())];
      const refused = await sendForm(limited, client, "POST", `/v1/chats/${chat.id}/attachments`, image);
      expect([refused.statusCode, refused.json().detail.error_code]).toEqual([429, "TOO_MANY_REQUESTS"]);
      expect(await db.select().from(messages).where(eq(messages.chatId, chat.id))).toHaveLength(MESSAGE_RATE.max);
      expect(await db.select().from(mediaUploads).where(eq(mediaUploads.ownerId, buyer.id))).toEqual([]);

      clock.advance(MESSAGE_RATE.windowMs);
      const later = await sendForm(limited, client, "POST", `/v1/chats/${chat.id}/attachments`, image);
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
