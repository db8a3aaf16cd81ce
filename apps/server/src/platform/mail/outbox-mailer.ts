import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailLog, Mailer } from "./mailer.js";

/**
 * The mailer without a mail server: renders the real message (so the .eml opens in any mail client) into
 * `directory` and logs where it went. Only the file is logged, never the text: the mail holds sign-in and
 * password reset codes, and logs are read by more people, and kept longer, than the outbox.
 */
export function createOutboxMailer(directory: string, from: string, log: MailLog): Mailer {
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { message: eml } = await render.sendMail({ from, ...message });
      await mkdir(directory, { recursive: true });
      const file = path.join(
        directory,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      // Only the owner may read it: it holds sign-in codes.
      await writeFile(file, eml as Buffer, { mode: 0o600 });
      log.info({ file }, "mail written to the outbox (SMTP_URL is not set)");
    },
    close() {
      render.close();
    },
  };
}
