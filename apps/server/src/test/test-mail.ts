import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { recordSecret } from "./secret-recorder.js";

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; raw: string };

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
  close(): Promise<void>;
};

/**
 * A real SMTP server on a random local port that keeps what it receives, so tests see the mail exactly as a
 * mail provider would get it. The mail is stored before the server acknowledges it, so it is there as soon
 * as the API call that sent it has answered.
 */
export async function startTestMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const state = { rejecting: false };
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
        // Every code the server mails is a secret its logs must not show (see secret-recorder.ts).
        for (const code of message.text.match(SIX_DIGITS) ?? []) recordSecret("mailed code", code);
        mails.push({
          ...message,
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
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

/** Subject and plain text of a single-part message as nodemailer writes it (7bit, quoted-printable or base64). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headerBlock = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headerBlock)?.[1]?.trim() ?? "";
  return {
    subject: decodeWords(header("Subject")),
    text: decodeBody(body, header("Content-Transfer-Encoding").toLowerCase()),
  };
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
