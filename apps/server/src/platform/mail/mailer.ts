import path from "node:path";
import type { Config } from "../../config.js";
import { createOutboxMailer } from "./outbox-mailer.js";
import { createSmtpMailer } from "./smtp-mailer.js";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML; the text stays for clients that show no HTML. */
  html?: string;
  /** Further header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
};

/** Sends e-mail. `send` rejects when the message was not handed over, so callers can undo what it was for. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailLog = { info(object: object, message: string): void };

/**
 * SMTP when SMTP_URL is set; otherwise the embedded default (ARCHITECTURE.md §1): every mail is kept as an .eml
 * file in DATA_DIR/outbox, and its path logged, so a fresh clone can sign up without a mail server.
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">, log: MailLog): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, log);
}
