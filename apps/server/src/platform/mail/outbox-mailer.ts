import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailLog, Mailer } from "./mailer.js";

/**
 * The mailer without a mail server: renders the real message (so the .eml opens in any mail client) into
 * `directory` and logs it. The log line holds the text, codes included, because without SMTP the log is how
 * the person at the terminal receives the code; that is why this mode is only the embedded default.
 */
export function createOutboxMailer(directory: string, from: string, log: MailLog): Mailer {
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { message: eml } = await render.sendMail({ from, ...message });
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.eml`);
      // Only the owner may read it: it holds sign-in codes.
      await writeFile(file, eml as Buffer, { mode: 0o600 });
      log.info({ mail: { to: message.to, subject: message.subject, text: message.text }, file }, "mail written to the outbox (SMTP_URL is not set)");
    },
    close() {
      render.close();
    },
  };
}
