import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseMessage, startTestMailServer, type TestMailServer } from "../../test/test-mail.js";
import { createMailer, type MailLog } from "./mailer.js";

const from = "Lootlane <no-reply@lootlane.local>";
const message = { to: "buyer@example.com", subject: "Код регистрации", text: "Ваш код: 123456" };

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-mail-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const silent: MailLog = { info: () => undefined };

/** A notification's mail: text and HTML, and the header fields of a one-click unsubscribe (RFC 8058). */
const notification = {
  to: "seller@example.com",
  subject: "Продажа: «Ключ»",
  text: "Вы продали «Ключ».",
  html: "<p>Вы продали <b>«Ключ»</b>.</p>",
  headers: {
    "List-Unsubscribe": `<https://shop.example/v1/notifications/unsubscribe?token=${"t".repeat(120)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};
const receivedParts = {
  subject: notification.subject,
  text: notification.text,
  html: notification.html,
  headers: expect.objectContaining({
    "list-unsubscribe": notification.headers["List-Unsubscribe"],
    "list-unsubscribe-post": "List-Unsubscribe=One-Click",
  }),
};

describe("with SMTP_URL", () => {
  let server: TestMailServer;
  beforeAll(async () => {
    server = await startTestMailServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.rejecting = false;
  });

  it("delivers the message to the SMTP server, from MAIL_FROM", async () => {
    const mailer = createMailer({ smtpUrl: server.url, mailFrom: from, dataDir }, silent);
    await mailer.send(message);
    mailer.close();
    expect(server.mailsTo(message.to)).toEqual([
      expect.objectContaining({ from: "no-reply@lootlane.local", subject: message.subject, text: message.text }),
    ]);
  });

  it("delivers the HTML part and the given header fields along with the text", async () => {
    const mailer = createMailer({ smtpUrl: server.url, mailFrom: from, dataDir }, silent);
    await mailer.send(notification);
    mailer.close();
    expect(server.mailsTo(notification.to)).toEqual([expect.objectContaining(receivedParts)]);
  });

  it("rejects when the server refuses the message", async () => {
    const mailer = createMailer({ smtpUrl: server.url, mailFrom: from, dataDir }, silent);
    server.rejecting = true;
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });

  it("rejects when nothing listens at SMTP_URL", async () => {
    const gone = await startTestMailServer();
    await gone.close();
    const mailer = createMailer({ smtpUrl: gone.url, mailFrom: from, dataDir }, silent);
    await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});

describe("without SMTP_URL", () => {
  it("keeps the mail as an .eml file only its owner can read, and logs where it is but not its code", async () => {
    const logged: Array<{ object: object; message: string }> = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: from, dataDir },
      { info: (object, text) => logged.push({ object, message: text }) },
    );
    await mailer.send(message);
    mailer.close();

    const outbox = path.join(dataDir, "outbox");
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(logged).toEqual([
      { object: { file: path.join(outbox, files[0]!) }, message: expect.stringContaining("outbox") },
    ]);
    expect(JSON.stringify(logged)).not.toContain("123456");
    const eml = await readFile(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(/^From: Lootlane <no-reply@lootlane\.local>$/m);
    expect(eml).toMatch(/^To: buyer@example\.com$/m);
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o777).toBe(0o600);
  });

  it("keeps the HTML part and the given header fields in the .eml", async () => {
    const outbox = await mkdtemp(path.join(tmpdir(), "lootlane-mail-headers-"));
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: from, dataDir: outbox }, silent);
    await mailer.send(notification);
    mailer.close();
    const [file] = await readdir(path.join(outbox, "outbox"));
    const eml = await readFile(path.join(outbox, "outbox", file!), "utf8");
    expect(parseMessage(eml)).toEqual(receivedParts);
    await rm(outbox, { recursive: true, force: true });
  });
});
