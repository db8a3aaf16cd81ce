import { notificationEventNames, type NotificationEvent, type NotificationEventName } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, type AuthTestApp } from "../../test/test-auth.js";
import {
  APP_URL,
  chatMessageNow,
  createRecipient,
  eventOf,
  notifyNow,
  onlyMailTo,
  runDueJobs,
} from "../../test/test-notification-mail.js";
import { savePreferences } from "./notifications-preferences.service.js";

/*
 * Every event's e-mail in both languages, as the recipient's mail provider receives it: the subject, what the
 * event is about, the button's address, a text and an HTML part, user text escaped in the HTML and kept as it
 * was written in the text.
 */

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ publicUrl: APP_URL });
});
afterAll(() => t?.close());

/** Amounts are written the Russian way in both languages, with no-break spaces. */
const rub = "1\u00a0500,00\u00a0₽";

type Expected = { subject: string; link: string; shows: string[] };

/** What each event's e-mail says, written out, so a change of wording shows here. */
function expected(event: NotificationEvent, title: string): Record<"en" | "ru", Expected> {
  const { params } = event;
  const link =
    "chat_id" in params
      ? `/chats?chat=${params.chat_id}`
      : "product_id" in params
        ? `/product/${params.product_id}`
        : "top_up_id" in params || "withdrawal_id" in params
          ? "/wallet"
          : "/settings";
  const both = (en: string, ru: string, enShows: string[], ruShows: string[]) => ({
    en: { subject: en, link, shows: enShows },
    ru: { subject: ru, link, shows: ruShows },
  });
  const q = { en: `“${title}”`, ru: `«${title}»` };
  switch (event.event) {
    case "sale":
      return both(
        `You sold ${q.en}`,
        `Продажа: ${q.ru}`,
        [`Amount: ${rub}`, "Buyer: buyer_bob", "Delivered automatically: #3, #4"],
        [`Сумма: ${rub}`, "Покупатель: buyer_bob", "Выдано автоматически: №3, №4"],
      );
    case "order_delivered":
      return both(`Your order is delivered: ${q.en}`, `Заказ выдан: ${q.ru}`, ["Quantity: 1"], ["Количество: 1"]);
    case "chat_message":
      return both(
        "1 new message from buyer_bob",
        "1 новое сообщение от buyer_bob",
        [`Listing: ${title}`, "Latest message: Is it still there?"],
        [`Товар: ${title}`, "Последнее сообщение: Is it still there?"],
      );
    case "deal_completed":
      return both(
        `Deal completed: ${q.en}`,
        `Сделка завершена: ${q.ru}`,
        [`Credited to your balance: ${rub}`, "Confirmed: automatically"],
        [`Зачислено на баланс: ${rub}`, "Подтверждение: автоматически"],
      );
    case "auto_confirm_soon":
      return both(
        `Your deal confirms itself in 24 hours: ${q.en}`,
        `Сделка подтвердится через 24 часа: ${q.ru}`,
        ["Confirms itself at: 02.01.2030, 12:30 (Moscow time)"],
        ["Подтвердится: 02.01.2030, 12:30 (МСК)"],
      );
    case "product_approved":
      return both(`Listing approved: ${q.en}`, `Товар одобрен: ${q.ru}`, [`Listing: ${title}`], [`Товар: ${title}`]);
    case "product_rejected":
      return both(
        `Listing rejected: ${q.en}`,
        `Товар отклонён: ${q.ru}`,
        ["Reason: Blurry screenshots"],
        ["Причина: Blurry screenshots"],
      );
    case "product_taken_down":
      return both(
        `Listing taken down: ${q.en}`,
        `Товар снят с продажи: ${q.ru}`,
        ["Reason: Blurry screenshots"],
        ["Причина: Blurry screenshots"],
      );
    case "dispute_opened":
      return both(`Dispute opened: ${q.en}`, `Открыт спор: ${q.ru}`, [`Listing: ${title}`], [`Товар: ${title}`]);
    case "dispute_resolved":
      return both(
        `Dispute resolved: ${q.en}`,
        `Спор решён: ${q.ru}`,
        ["Decision: refunded to the buyer"],
        ["Решение: деньги возвращены покупателю"],
      );
    case "review_received":
      return both(
        "New review: ★★★★",
        "Новый отзыв: ★★★★",
        [`Listing: ${title}`, "Rating: ★★★★☆ 4/5", "Author: buyer_bob"],
        [`Товар: ${title}`, "Оценка: ★★★★☆ 4/5", "Автор: buyer_bob"],
      );
    case "top_up_credited":
      return both(`${rub} added to your balance`, `Баланс пополнен на ${rub}`, [`Amount: ${rub}`], [`Сумма: ${rub}`]);
    case "withdrawal_paid":
      return both(`Withdrawal of ${rub} paid`, `Вывод ${rub} выплачен`, [`Amount: ${rub}`], [`Сумма: ${rub}`]);
    case "withdrawal_rejected":
      return both(
        `Withdrawal of ${rub} rejected`,
        `Вывод ${rub} отклонён`,
        ["Reason: Card closed"],
        ["Причина: Card closed"],
      );
    case "report_resolved":
      return both(
        `Your report was reviewed: ${q.en}`,
        `Жалоба рассмотрена: ${q.ru}`,
        [`Report about: ${title}`, "Decision: acted on"],
        [`Жалоба на: ${title}`, "Решение: приняты меры"],
      );
  }
}

/** Events whose e-mail is off unless the user turns it on: what they just did themselves. */
const offByDefault = new Set<NotificationEventName>(["order_delivered", "top_up_credited"]);

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const cases = notificationEventNames.flatMap((name) => (["en", "ru"] as const).map((language) => ({ name, language })));

describe("the e-mail of each event", () => {
  it.each(cases)("$name in $language", async ({ name, language }) => {
    const user = await createRecipient(t, { language });
    // A title that would be markup if the HTML did not escape it.
    const title = `Steam key <b>${name}</b> & "more"`;
    const event = eventOf(name, title);
    if (offByDefault.has(name)) {
      await notifyNow(t, user.id, event);
      await runDueJobs(t);
      expect(t.mail.mailsTo(user.email)).toEqual([]);
      await savePreferences(t.database.db, user.id, [{ event: name, in_app: true, email: true, push: false }]);
    }
    if (event.event === "chat_message") {
      // A chat's e-mail waits the batching delay after the message is delivered in the app.
      await chatMessageNow(t, user.id, event.params);
      await runDueJobs(t);
      t.clock.advance(t.config.chatEmailDelayMs);
    } else await notifyNow(t, user.id, event);
    await runDueJobs(t);

    const mail = onlyMailTo(t, user);
    const want = expected(event, title)[language];
    expect(mail.subject).toBe(want.subject);
    expect(mail.from).toBe("no-reply@lootlane.local");

    for (const shown of want.shows) expect(mail.text).toContain(shown);
    expect(mail.text).toContain(`${APP_URL}${want.link}`);
    expect(mail.text).toContain(`${APP_URL}/settings`);
    expect(mail.text).toMatch(new RegExp(`${APP_URL}/unsubscribe\\?token=[\\w.-]+`));

    expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
    expect(mail.html).toContain(`href="${APP_URL}${want.link}"`);
    expect(mail.html).toContain(escapeHtml(want.subject));
    for (const shown of want.shows) expect(mail.html).toContain(escapeHtml(shown.split(": ").at(-1)!));
    expect(mail.html).not.toContain("<b>");
  });

  it("of a rejection without a reason (the spec's clients may send none), in both languages, names no reason", async () => {
    for (const language of ["en", "ru"] as const) {
      const user = await createRecipient(t, { language });
      await notifyNow(t, user.id, {
        event: "product_rejected",
        params: { product_id: "00000000-0000-4000-8000-000000000001", product_title: "Dota 2 account", reason: "" },
      });
      await runDueJobs(t);
      const mail = onlyMailTo(t, user);
      expect(mail.text).toContain(language === "en" ? "Edit the listing and send it again." : "Исправьте товар");
      expect(mail.text).not.toMatch(/Reason|Причина/);
    }
  });
});
