import {
  DATE_LOCALE,
  formatBalance,
  type Locale,
  type NotificationEvent,
  type NotificationEventName,
} from "@lootlane/contract";

/*
 * The words of a notification e-mail around its subject and first line (notifications.texts.ts): the event's
 * details, the button, and the footer that says why it came and how to stop it, in both languages.
 */

export type EmailDetail = { label: string; value: string };

/** What the footer names: "e-mails about <these> are on" / «включены письма о <них>». */
const eventNames: Record<Locale, Record<NotificationEventName, string>> = {
  en: {
    sale: "your sales",
    order_delivered: "delivered orders",
    chat_message: "new chat messages",
    deal_completed: "completed deals",
    auto_confirm_soon: "deals about to confirm themselves",
    product_approved: "approved listings",
    product_rejected: "rejected listings",
    product_taken_down: "listings taken off sale",
    dispute_opened: "disputes opened",
    dispute_resolved: "disputes resolved",
    review_received: "reviews you receive",
    top_up_credited: "top-ups",
    withdrawal_paid: "withdrawals paid",
    withdrawal_rejected: "withdrawals rejected",
    report_resolved: "your reports' outcome",
  },
  ru: {
    sale: "ваших продажах",
    order_delivered: "выданных заказах",
    chat_message: "новых сообщениях в чатах",
    deal_completed: "завершённых сделках",
    auto_confirm_soon: "скором автоподтверждении сделок",
    product_approved: "одобренных товарах",
    product_rejected: "отклонённых товарах",
    product_taken_down: "товарах, снятых с продажи",
    dispute_opened: "открытых спорах",
    dispute_resolved: "решённых спорах",
    review_received: "новых отзывах",
    top_up_credited: "пополнениях баланса",
    withdrawal_paid: "выплаченных выводах",
    withdrawal_rejected: "отклонённых выводах",
    report_resolved: "решениях по вашим жалобам",
  },
};

export type EmailChrome = {
  button: string;
  reason: string;
  unsubscribe: string;
  settings: string;
};

/** The button (named after where it leads, as notificationLink chooses) and the footer. */
export function emailChrome(notification: NotificationEvent, language: Locale): EmailChrome {
  const ru = language === "ru";
  const { params } = notification;
  const button =
    "chat_id" in params
      ? ru
        ? "Открыть чат"
        : "Open the chat"
      : "product_id" in params
        ? ru
          ? "Открыть товар"
          : "Open the listing"
        : "top_up_id" in params || "withdrawal_id" in params
          ? ru
            ? "Открыть кошелёк"
            : "Open your wallet"
          : ru
            ? "Открыть Lootlane"
            : "Open Lootlane";
  const name = eventNames[language][notification.event];
  return ru
    ? {
        button,
        reason: `Вы получили это письмо, потому что в вашем аккаунте Lootlane включены письма о ${name}.`,
        unsubscribe: "Отписаться от этих писем",
        settings: "Настройки уведомлений",
      }
    : {
        button,
        reason: `You get this e-mail because e-mails about ${name} are on for your Lootlane account.`,
        unsubscribe: "Unsubscribe from these e-mails",
        settings: "Notification settings",
      };
}

const moscowTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** The server does not know the reader's time zone, so it names the one it writes in. */
function dateTime(iso: string, language: Locale): string {
  return `${moscowTime.format(new Date(iso))} ${language === "ru" ? "(МСК)" : "(Moscow time)"}`;
}

/** The facts of the event, one labelled line each, shown under the body. */
export function emailDetails(notification: NotificationEvent & { count: number }, language: Locale): EmailDetail[] {
  const ru = language === "ru";
  const line = (en: string, russian: string, value: string | number): EmailDetail => ({
    label: ru ? russian : en,
    value: String(value),
  });
  const product = (title: string) => line("Listing", "Товар", title);
  switch (notification.event) {
    case "sale": {
      const p = notification.params;
      return [
        product(p.product_title),
        line("Quantity", "Количество", p.quantity),
        line("Amount", "Сумма", formatBalance(p.amount)),
        line("Buyer", "Покупатель", p.buyer_username),
        ...(p.delivered_units.length === 0
          ? []
          : [
              line(
                "Delivered automatically",
                "Выдано автоматически",
                p.delivered_units.map((unit) => (ru ? `№${unit}` : `#${unit}`)).join(", "),
              ),
            ]),
      ];
    }
    case "order_delivered":
      return [product(notification.params.product_title), line("Quantity", "Количество", notification.params.quantity)];
    case "chat_message": {
      const p = notification.params;
      return [
        product(p.product_title),
        line("From", "От кого", p.sender_username),
        line("New messages", "Новых сообщений", notification.count),
        line("Latest message", "Последнее сообщение", p.text),
      ];
    }
    case "deal_completed": {
      const p = notification.params;
      return [
        product(p.product_title),
        p.held_until
          ? line("Held by the guarantee", "Удерживается гарантией", formatBalance(p.amount))
          : line("Credited to your balance", "Зачислено на баланс", formatBalance(p.amount)),
        ...(p.held_until ? [line("Held until", "Удерживается до", dateTime(p.held_until, language))] : []),
        line(
          "Confirmed",
          "Подтверждение",
          p.automatic ? (ru ? "автоматически" : "automatically") : ru ? "покупателем" : "by the buyer",
        ),
      ];
    }
    case "auto_confirm_soon":
      return [
        product(notification.params.product_title),
        line("Confirms itself at", "Подтвердится", dateTime(notification.params.auto_confirm_at, language)),
      ];
    case "product_approved":
    case "dispute_opened":
      return [product(notification.params.product_title)];
    case "product_rejected":
    case "product_taken_down": {
      const { product_title, reason } = notification.params;
      return reason === "" ? [product(product_title)] : [product(product_title), line("Reason", "Причина", reason)];
    }
    case "dispute_resolved": {
      const p = notification.params;
      const refund = p.outcome === "refund";
      return [
        product(p.product_title),
        line(
          "Decision",
          "Решение",
          ru
            ? refund
              ? "деньги возвращены покупателю"
              : "деньги переведены продавцу"
            : refund
              ? "refunded to the buyer"
              : "released to the seller",
        ),
      ];
    }
    case "review_received": {
      const p = notification.params;
      return [
        product(p.product_title),
        line("Rating", "Оценка", `${"★".repeat(p.rating)}${"☆".repeat(Math.max(0, 5 - p.rating))} ${p.rating}/5`),
        line("Author", "Автор", p.author_username),
      ];
    }
    case "top_up_credited":
    case "withdrawal_paid":
      return [line("Amount", "Сумма", formatBalance(notification.params.amount))];
    case "withdrawal_rejected":
      return [
        line("Amount", "Сумма", formatBalance(notification.params.amount)),
        line("Reason", "Причина", notification.params.reason),
      ];
    case "report_resolved": {
      const p = notification.params;
      const resolved = p.decision === "resolved";
      return [
        line("Report about", "Жалоба на", p.subject),
        line(
          "Decision",
          "Решение",
          ru ? (resolved ? "приняты меры" : "нарушений нет") : resolved ? "acted on" : "nothing against the rules",
        ),
        ...(p.note ? [line("Admin's note", "Комментарий администратора", p.note)] : []),
      ];
    }
  }
}
