import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.js";

// Nodemailer waits minutes by default; a code request should fail within the web client's 10 s timeout.
const timeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 };

/** Delivers through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...timeouts });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
