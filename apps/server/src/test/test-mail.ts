import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { recordSecret } from "./secret-recorder.js";

export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  /** The plain text part (or the whole body of a single-part mail). */
  text: string;
  /** The HTML part; "" when the mail has none. */
  html: string;
  /** Header fields by lower-cased name, unfolded (the first of a repeated field). */
  headers: Record<string, string>;
  raw: string;
};

export type TestMailServer = {
  /** SMTP_URL of this server. */
  url: string;
  /** Every mail accepted so far, oldest first. */
  mails: ReceivedMail[];
  mailsTo(address: string): ReceivedMail[];
  /** The 6-digit code of the latest mail to the address; fails the test when there is none. */
  latestCodeFor(address: string): string;
  /** While true the server refuses every message (451), as a broken mail provider would. */
  rejecting: boolean;
  /** Awaited before each message is acknowledged: what happens while the sender waits for the server's answer. */
  beforeAccepting: ((mail: ReceivedMail) => Promise<void>) | undefined;
  close(): Promise<void>;
};

/**
 * A real SMTP server on a random local port that keeps what it receives, so tests see the mail exactly as a
 * mail provider would get it. The mail is stored before the server acknowledges it, so it is there as soon
 * as the API call that sent it has answered.
 */
export async function startTestMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const state: { rejecting: boolean; beforeAccepting: TestMailServer["beforeAccepting"] } = {
    rejecting: false,
    beforeAccepting: undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.rejecting) {
          callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const message = parseMessage(raw);
        // Every code the server mails is a secret its logs must not show (see secret-recorder.ts). Notification
        // mails (the ones with an unsubscribe link) carry no codes, but ids whose digits could pass for one.
        if (!message.headers["list-unsubscribe"])
          for (const code of message.text.match(SIX_DIGITS) ?? []) recordSecret("mailed code", code);
        const mail = {
          ...message,
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        mails.push(mail);
        void (state.beforeAccepting?.(mail) ?? Promise.resolve()).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  // A client that vanishes in the middle of a mail (a server killed by the chaos tests) makes smtp-server emit its
  // socket error here; a provider shrugs that off, and unheard it would crash the test process.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });

  const mailsTo = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    latestCodeFor(address) {
      const latest = mailsTo(address).at(-1);
      if (!latest) throw new Error(`no mail was sent to ${address}`);
      return extractCode(latest);
    },
    get rejecting() {
      return state.rejecting;
    },
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    get beforeAccepting() {
      return state.beforeAccepting;
    },
    set beforeAccepting(hook) {
      state.beforeAccepting = hook;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SIX_DIGITS = /(?<!\d)\d{6}(?!\d)/g;

/** The verification code in a mail's text: its only run of exactly six digits. */
export function extractCode(mail: Pick<ReceivedMail, "text">): string {
  const codes = mail.text.match(SIX_DIGITS) ?? [];
  if (codes.length !== 1) throw new Error(`expected one 6-digit code in the mail, found ${codes.length}: ${mail.text}`);
  return codes[0]!;
}

/**
 * Subject, header fields, plain text and HTML of a message as nodemailer writes it: one part, or text and HTML in
 * multipart/alternative, each 7bit, quoted-printable or base64.
 */
export function parseMessage(raw: string): Pick<ReceivedMail, "subject" | "text" | "html" | "headers"> {
  const { headers, body } = splitHead(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((part) => part.type !== "text/html")?.content ?? "";
  const html = parts.find((part) => part.type === "text/html")?.content ?? "";
  return { subject: decodeWords(headers["subject"] ?? ""), text, html, headers };
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headBlock = split === -1 ? raw : raw.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of headBlock.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body: split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "") };
}

/** The text parts of a (possibly multipart) body, decoded, in order. */
function leafParts(headers: Record<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers["content-type"] ?? "text/plain";
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (!type.startsWith("multipart/"))
    return [{ type, content: decodeBody(body, (headers["content-transfer-encoding"] ?? "").toLowerCase()) }];
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? "";
  const sections = body.split(new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`));
  return sections.slice(1, -1).flatMap((section) => {
    const part = splitHead(section);
    return leafParts(part.headers, part.body);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
  return body.replace(/\r\n/g, "\n").replace(/\n$/, "");
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as used for non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
