import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestMailServer, type TestMailServer } from "../../test/test-mail.js";
import { createMailer, type MailLog } from "./mailer.js";

const from = "Lootlane <no-reply@lootlane.local>";
const message = { to: "buyer@example.com", subject: "Код регистрации", text: "Ваш код: 123456" };

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-mail-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const silent: MailLog = { info: () => undefined };

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
});
