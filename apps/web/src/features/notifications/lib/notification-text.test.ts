import { describe, expect, it } from "vitest";
import type { NotificationEvent } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { EVENTS, makeNotification } from "../testing/notification-fixtures";
import { notificationText } from "./notification-text";

const en = i18n.getFixedT("en", "notifications");
const ru = i18n.getFixedT("ru", "notifications");

function texts(event: NotificationEvent, count = 1) {
  const notification = makeNotification(1, event, { count });
  return { en: notificationText(notification, en), ru: notificationText(notification, ru) };
}

describe("notification texts", () => {
  it("tell a sale with the buyer, the quantity, the amount in roubles and the units delivered", () => {
    expect(texts(EVENTS.sale)).toEqual({
      en: {
        title: "You sold “Dota 2 account”",
        body: "alex bought 2 items for 1\u00a0500,50\u00a0₽. Delivered automatically: #3, #4.",
      },
      ru: {
        title: "Продажа: «Dota 2 account»",
        body: "alex купил 2 шт. за 1\u00a0500,50\u00a0₽. Выдано автоматически: №3, №4.",
      },
    });
    const manual = { ...EVENTS.sale, params: { ...EVENTS.sale.params, quantity: 1, delivered_units: [] } };
    expect(texts(manual).en.body).toBe("alex bought 1 item for 1\u00a0500,50\u00a0₽.");
  });

  it("tell a rejection without a reason (the spec's clients may send none) by what to do alone", () => {
    const rejected: NotificationEvent = {
      event: "product_rejected",
      params: { product_id: "00000000-0000-4000-8000-000000000001", product_title: "Dota 2 account", reason: "" },
    };
    expect(texts(rejected).en.body).toBe("Edit the listing and send it again.");
    expect(texts(rejected).ru.body).toBe("Исправьте товар и отправьте его снова.");
  });

  it("count chat messages with the plural forms of each language", () => {
    const titles = (count: number) => texts(EVENTS.chat_message, count);
    expect(titles(1).en.title).toBe("1 new message from alex");
    expect(titles(3).en.title).toBe("3 new messages from alex");
    expect([1, 3, 5, 11, 21, 22].map((count) => titles(count).ru.title)).toEqual([
      "1 новое сообщение от alex",
      "3 новых сообщения от alex",
      "5 новых сообщений от alex",
      "11 новых сообщений от alex",
      "21 новое сообщение от alex",
      "22 новых сообщения от alex",
    ]);
    expect(titles(2).ru.body).toBe("«Dota 2 account»: Is it still for sale?");
  });

  it("give the reason of a refusal and the amount of money moved", () => {
    expect(texts(EVENTS.product_rejected).ru).toEqual({
      title: "Товар отклонён: «Steam key»",
      body: "Причина: No screenshots. Исправьте товар и отправьте его снова.",
    });
    expect(texts(EVENTS.withdrawal_paid).en).toEqual({
      title: "Withdrawal paid",
      body: "12\u00a0000,00\u00a0₽ was sent to you.",
    });
  });

  it("word the outcome of a dispute and of a report", () => {
    const dispute = (outcome: "refund" | "release") =>
      texts({
        event: "dispute_resolved",
        params: {
          deal_id: EVENTS.sale.params.deal_id,
          chat_id: EVENTS.sale.params.chat_id,
          product_title: "Key",
          outcome,
        },
      });
    expect(dispute("refund").en.body).toBe("An admin refunded the buyer.");
    expect(dispute("release").ru.body).toBe("Администратор перевёл деньги продавцу.");

    const report = texts({
      event: "report_resolved",
      params: { report_id: EVENTS.sale.params.deal_id, decision: "dismissed", subject: "kate", note: "Not a scam" },
    });
    expect(report.en).toEqual({
      title: "Your report about “kate” was reviewed",
      body: "An admin found nothing to act on. Note: Not a scam",
    });
  });
  it("tell the seller whether a completed deal's money is on the balance or held by the goods' guarantee", () => {
    const params = {
      deal_id: "00000000-0000-4000-8000-000000000001",
      chat_id: "00000000-0000-4000-8000-000000000002",
      product_title: "Dota 2 account",
      amount: 190,
      automatic: false,
    };
    const paid: NotificationEvent = { event: "deal_completed", params };
    expect(texts(paid).en.body).toBe("The buyer confirmed receipt. 190,00\u00a0₽ is on your balance.");
    const held: NotificationEvent = {
      event: "deal_completed",
      params: { ...params, automatic: true, held_until: "2030-01-15T12:00:00.000Z" },
    };
    expect(texts(held).en.body).toMatch(
      /^The time to check ran out and the deal confirmed itself\. 190,00\u00a0₽ is held by the guarantee until .*2030/,
    );
    expect(texts(held).ru.body).toMatch(
      /^Срок проверки истёк, сделка подтверждена автоматически\. 190,00\u00a0₽ удерживается гарантией до .*2030/,
    );
  });
});
