import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/jobs.js";
import { createTestApp } from "../../test/test-app.js";
import type { AuthTestApp } from "../../test/test-auth.js";
import { createTestClock } from "../../test/test-clock.js";
import { startTestMailServer } from "../../test/test-mail.js";
import {
  APP_URL,
  chatMessageNow,
  createRecipient,
  eventOf,
  notifyNow,
  runDueJobs,
} from "../../test/test-notification-mail.js";
import { startTcpProxy, type TcpProxy } from "../../test/tcp-proxy.js";
import { EMAIL_JOB } from "./notifications.jobs.js";

/*
 * The mail server gone for five minutes under a running app, as smtp-outage.test.ts does to the sign-up codes: the
 * app reaches the test's SMTP server through a TCP relay the test cuts. E-mail jobs fail and wait their backoff
 * meanwhile; once it is back every e-mail arrives, and none twice. Time is the test's clock, moved in steps the
 * way a polling worker would see it.
 */

const OUTAGE_MS = 5 * 60_000;
const STEP_MS = 5_000;
const DELAY_MS = 60_000;

let t: AuthTestApp;
let smtp: TcpProxy;

beforeAll(async () => {
  const mail = await startTestMailServer();
  smtp = await startTcpProxy(Number(new URL(mail.url).port));
  const clock = createTestClock();
  const app = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: APP_URL, chatEmailDelayMs: DELAY_MS },
    { clock: clock.now },
  );
  t = {
    ...app,
    mail,
    clock,
    close: async () => {
      await app.close();
      await smtp.close();
      await mail.close();
    },
  };
});
afterAll(() => t?.close());

/** Moves time by steps for `ms`, running what is due at each, as the worker polling every few seconds would. */
async function runFor(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += STEP_MS) {
    t.clock.advance(STEP_MS);
    await runDueJobs(t);
  }
}

const waitingEmailJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB));

describe("notification e-mails with the SMTP server cut for five minutes", () => {
  it("are all sent once it is back, each exactly once, and nothing is left in the queue", async () => {
    const seller = await createRecipient(t, { language: "en" });
    const buyer = await createRecipient(t, { language: "ru" });
    const chatter = await createRecipient(t, { language: "en" });
    const expected = new Map([
      [seller, ["New review: ★★★★", "You sold “Outage sale”"]],
      [buyer, ["Спор решён: «Outage dispute»"]],
      [chatter, ["1 new message from buyer_bob"]],
    ]);

    await smtp.cut();
    try {
      await notifyNow(t, seller.id, eventOf("sale", "Outage sale"));
      await notifyNow(t, seller.id, eventOf("review_received", "Outage review"));
      await notifyNow(t, buyer.id, eventOf("dispute_resolved", "Outage dispute"));
      await chatMessageNow(t, chatter.id, eventOf("chat_message", "Outage chat").params);
      await runDueJobs(t);
      await runFor(OUTAGE_MS);

      expect(t.mail.mails).toEqual([]);
      // Each e-mail failed, more than once, and waits for its next try; none was given up.
      const waiting = await waitingEmailJobs();
      expect(waiting).toHaveLength(4);
      for (const job of waiting) {
        expect(job.failedAt).toBeNull();
        expect(job.attempts).toBeGreaterThan(1);
        expect(job.lastError).toMatch(/ECONNREFUSED/);
      }
    } finally {
      await smtp.restore();
    }

    // The longest backoff by then is 160 s (10 s doubled per try), so every job tries again within this.
    await runFor(5 * 60_000);
    for (const [user, subjects] of expected)
      expect(
        t.mail
          .mailsTo(user.email)
          .map((mail) => mail.subject)
          .sort(),
        user.username,
      ).toEqual(subjects);
    expect(t.mail.mails).toHaveLength(4);
    expect(await waitingEmailJobs()).toEqual([]);

    await runFor(60 * 60_000);
    expect(t.mail.mails).toHaveLength(4);
  });

  it("a server that refuses the message (451) gets it again until it takes it, and it arrives once", async () => {
    const user = await createRecipient(t, { language: "en" });
    t.mail.rejecting = true;
    try {
      await notifyNow(t, user.id, eventOf("withdrawal_paid", "unused"));
      await runDueJobs(t);
      await runFor(60_000);
      expect(t.mail.mailsTo(user.email)).toEqual([]);
      const [job] = await waitingEmailJobs();
      expect(job).toMatchObject({ failedAt: null, lastError: expect.stringMatching(/451/) });
      expect(job!.attempts).toBeGreaterThan(1);
    } finally {
      t.mail.rejecting = false;
    }
    await runFor(5 * 60_000);
    expect(t.mail.mailsTo(user.email).map((mail) => mail.subject)).toEqual(["Withdrawal of 1\u00a0500,00\u00a0₽ paid"]);
    expect(await waitingEmailJobs()).toEqual([]);
  });
});
