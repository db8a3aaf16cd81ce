import type { TFunction } from "i18next";
import { formatBalance, type Notification } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";

export interface NotificationText {
  title: string;
  body: string;
}

/** One notification in words of the interface language, built from its params (the server sends no text). */
export function notificationText(notification: Notification, t: TFunction<"notifications">): NotificationText {
  switch (notification.event) {
    case "sale": {
      const p = notification.params;
      const bought = t("text.sale.body", {
        buyer: p.buyer_username,
        count: p.quantity,
        amount: formatBalance(p.amount),
      });
      const units = p.delivered_units.map((unit) => t("text.sale.unit", { unit })).join(", ");
      return {
        title: t("text.sale.title", { product: p.product_title }),
        body: units ? `${bought} ${t("text.sale.delivered", { units })}` : bought,
      };
    }
    case "order_delivered":
      return {
        title: t("text.order_delivered.title", { product: notification.params.product_title }),
        body: t("text.order_delivered.body"),
      };
    case "chat_message": {
      const p = notification.params;
      return {
        title: t("text.chat_message.title", { count: notification.count, sender: p.sender_username }),
        body: t("text.chat_message.body", { product: p.product_title, text: p.text }),
      };
    }
    case "deal_completed": {
      const p = notification.params;
      const amount = formatBalance(p.amount);
      return {
        title: t("text.deal_completed.title", { product: p.product_title }),
        body: [
          t(p.automatic ? "text.deal_completed.confirmedAutomatic" : "text.deal_completed.confirmed"),
          p.held_until
            ? t("text.deal_completed.held", { amount, date: formatDateTime(p.held_until) })
            : t("text.deal_completed.credited", { amount }),
        ].join(" "),
      };
    }
    case "auto_confirm_soon": {
      const p = notification.params;
      return {
        title: t("text.auto_confirm_soon.title", { product: p.product_title }),
        body: t("text.auto_confirm_soon.body", { date: formatDateTime(p.auto_confirm_at) }),
      };
    }
    case "product_approved":
      return {
        title: t("text.product_approved.title", { product: notification.params.product_title }),
        body: t("text.product_approved.body"),
      };
    case "product_rejected": {
      const p = notification.params;
      return {
        title: t("text.product_rejected.title", { product: p.product_title }),
        body:
          p.reason === ""
            ? t("text.product_rejected.bodyNoReason")
            : t("text.product_rejected.body", { reason: p.reason }),
      };
    }
    case "product_taken_down": {
      const p = notification.params;
      return {
        title: t("text.product_taken_down.title", { product: p.product_title }),
        body: t("text.product_taken_down.body", { reason: p.reason }),
      };
    }
    case "dispute_opened":
      return {
        title: t("text.dispute_opened.title", { product: notification.params.product_title }),
        body: t("text.dispute_opened.body"),
      };
    case "dispute_resolved": {
      const p = notification.params;
      return {
        title: t("text.dispute_resolved.title", { product: p.product_title }),
        body: p.outcome === "refund" ? t("text.dispute_resolved.refund") : t("text.dispute_resolved.release"),
      };
    }
    case "review_received": {
      const p = notification.params;
      return {
        title: t("text.review_received.title", { product: p.product_title }),
        body: t("text.review_received.body", { author: p.author_username, rating: p.rating }),
      };
    }
    case "top_up_credited":
      return {
        title: t("text.top_up_credited.title"),
        body: t("text.top_up_credited.body", { amount: formatBalance(notification.params.amount) }),
      };
    case "withdrawal_paid":
      return {
        title: t("text.withdrawal_paid.title"),
        body: t("text.withdrawal_paid.body", { amount: formatBalance(notification.params.amount) }),
      };
    case "withdrawal_rejected": {
      const p = notification.params;
      return {
        title: t("text.withdrawal_rejected.title"),
        body: t("text.withdrawal_rejected.body", { amount: formatBalance(p.amount), reason: p.reason }),
      };
    }
    case "report_resolved": {
      const p = notification.params;
      const decision =
        p.decision === "resolved" ? t("text.report_resolved.resolved") : t("text.report_resolved.dismissed");
      return {
        title: t("text.report_resolved.title", { subject: p.subject }),
        body: p.note ? `${decision} ${t("text.report_resolved.note", { note: p.note })}` : decision,
      };
    }
  }
}
