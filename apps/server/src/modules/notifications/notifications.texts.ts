import { formatBalance, type Locale, type NotificationEvent } from "@lootlane/contract";

/*
 * What the server writes about each event, in both languages: the title is the e-mail's subject and the push's
 * title, the body its first line. The web app words its bell list itself (its locales), from the same params.
 */

export type NotificationTexts = { title: string; body: string };

type Texted = NotificationEvent & { count: number };

/** "1 message" / "3 messages" / «5 сообщений»: Russian plural forms by the last digits. */
function messages(count: number, language: Locale): string {
  if (language === "en") return count === 1 ? "1 new message" : `${count} new messages`;
  const lastTwo = count % 100;
  const last = count % 10;
  const word =
    lastTwo >= 11 && lastTwo <= 14
      ? "новых сообщений"
      : last === 1
        ? "новое сообщение"
        : last >= 2 && last <= 4
          ? "новых сообщения"
          : "новых сообщений";
  return `${count} ${word}`;
}

/** A day as people write it, in UTC like every time the server mails or pushes. */
function day(iso: string, language: Locale): string {
  const format = new Intl.DateTimeFormat(language === "ru" ? "ru-RU" : "en-GB", { dateStyle: "long", timeZone: "UTC" });
  return format.format(new Date(iso));
}

function quoted(title: string, language: Locale): string {
  return language === "ru" ? `«${title}»` : `“${title}”`;
}

export function notificationTexts(notification: Texted, language: Locale): NotificationTexts {
  const ru = language === "ru";
  switch (notification.event) {
    case "sale": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      const delivered =
        p.delivered_units.length === 0
          ? ""
          : ru
            ? ` Выдано автоматически: ${p.delivered_units.map((unit) => `№${unit}`).join(", ")}.`
            : ` Delivered automatically: ${p.delivered_units.map((unit) => `#${unit}`).join(", ")}.`;
      return ru
        ? {
            title: `Продажа: ${what}`,
            body: `${p.buyer_username} купил ${what} (${p.quantity} шт.) за ${formatBalance(p.amount)}.${delivered}`,
          }
        : {
            title: `You sold ${what}`,
            body: `${p.buyer_username} bought ${what} (× ${p.quantity}) for ${formatBalance(p.amount)}.${delivered}`,
          };
    }
    case "order_delivered": {
      const what = quoted(notification.params.product_title, language);
      return ru
        ? {
            title: `Заказ выдан: ${what}`,
            body: `Товар ждёт вас в чате сделки. Проверьте его и подтвердите получение.`,
          }
        : {
            title: `Your order is delivered: ${what}`,
            body: `The goods are in the deal's chat. Check them, then confirm receipt.`,
          };
    }
    case "chat_message": {
      const p = notification.params;
      return {
        title: ru
          ? `${messages(notification.count, language)} от ${p.sender_username}`
          : `${messages(notification.count, language)} from ${p.sender_username}`,
        body: `${quoted(p.product_title, language)}: ${p.text}`,
      };
    }
    case "deal_completed": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      const amount = formatBalance(p.amount);
      if (ru)
        return {
          title: `Сделка завершена: ${what}`,
          body: `${p.automatic ? "Срок проверки истёк, сделка подтверждена автоматически." : "Покупатель подтвердил получение."} ${
            p.held_until
              ? `${amount} удерживается гарантией до ${day(p.held_until, language)}.`
              : `${amount} зачислено на ваш баланс.`
          }`,
        };
      return {
        title: `Deal completed: ${what}`,
        body: `${p.automatic ? "The buyer's time to check ran out and the deal confirmed itself." : "The buyer confirmed receipt."} ${
          p.held_until
            ? `${amount} is held by the guarantee until ${day(p.held_until, language)}.`
            : `${amount} is on your balance.`
        }`,
      };
    }
    case "auto_confirm_soon": {
      const what = quoted(notification.params.product_title, language);
      return ru
        ? {
            title: `Сделка подтвердится через 24 часа: ${what}`,
            body: `Если с товаром что-то не так, откройте спор до автоматического подтверждения.`,
          }
        : {
            title: `Your deal confirms itself in 24 hours: ${what}`,
            body: `If something is wrong with the goods, report a problem before it confirms automatically.`,
          };
    }
    case "product_approved": {
      const what = quoted(notification.params.product_title, language);
      return ru
        ? { title: `Товар одобрен: ${what}`, body: `Модерация пройдена, товар в продаже.` }
        : { title: `Listing approved: ${what}`, body: `It passed moderation and is on sale now.` };
    }
    case "product_rejected": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      // The spec's admin clients may reject without a reason: then the body says only what to do.
      const reason = p.reason === "" ? "" : ru ? `Причина: ${p.reason}. ` : `Reason: ${p.reason}. `;
      return ru
        ? { title: `Товар отклонён: ${what}`, body: `${reason}Исправьте товар и отправьте его снова.` }
        : { title: `Listing rejected: ${what}`, body: `${reason}Edit the listing and send it again.` };
    }
    case "product_taken_down": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      return ru
        ? { title: `Товар снят с продажи: ${what}`, body: `Администратор снял товар с продажи. Причина: ${p.reason}.` }
        : { title: `Listing taken down: ${what}`, body: `An admin took the listing off sale. Reason: ${p.reason}.` };
    }
    case "dispute_opened": {
      const what = quoted(notification.params.product_title, language);
      return ru
        ? {
            title: `Открыт спор: ${what}`,
            body: `Покупатель сообщил о проблеме. Ответьте в чате сделки; деньги удержаны до решения администратора.`,
          }
        : {
            title: `Dispute opened: ${what}`,
            body: `The buyer reported a problem. Answer in the deal's chat; the money is held until an admin decides.`,
          };
    }
    case "dispute_resolved": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      if (ru)
        return {
          title: `Спор решён: ${what}`,
          body:
            p.outcome === "refund"
              ? `Администратор вернул деньги покупателю.`
              : `Администратор перевёл деньги продавцу.`,
        };
      return {
        title: `Dispute resolved: ${what}`,
        body: p.outcome === "refund" ? `An admin refunded the buyer.` : `An admin released the money to the seller.`,
      };
    }
    case "review_received": {
      const p = notification.params;
      const what = quoted(p.product_title, language);
      return ru
        ? { title: `Новый отзыв: ${"★".repeat(p.rating)}`, body: `${p.author_username} оставил отзыв о ${what}.` }
        : { title: `New review: ${"★".repeat(p.rating)}`, body: `${p.author_username} reviewed ${what}.` };
    }
    case "top_up_credited": {
      const amount = formatBalance(notification.params.amount);
      return ru
        ? { title: `Баланс пополнен на ${amount}`, body: `Деньги зачислены на ваш баланс.` }
        : { title: `${amount} added to your balance`, body: `Your top-up is credited.` };
    }
    case "withdrawal_paid": {
      const amount = formatBalance(notification.params.amount);
      return ru
        ? { title: `Вывод ${amount} выплачен`, body: `Деньги отправлены на указанные вами реквизиты.` }
        : { title: `Withdrawal of ${amount} paid`, body: `The money is on its way to the account you named.` };
    }
    case "withdrawal_rejected": {
      const p = notification.params;
      const amount = formatBalance(p.amount);
      return ru
        ? { title: `Вывод ${amount} отклонён`, body: `Деньги возвращены на баланс. Причина: ${p.reason}.` }
        : {
            title: `Withdrawal of ${amount} rejected`,
            body: `The money is back on your balance. Reason: ${p.reason}.`,
          };
    }
    case "report_resolved": {
      const p = notification.params;
      const about = quoted(p.subject, language);
      const note = p.note ? (ru ? ` Комментарий: ${p.note}` : ` Note: ${p.note}`) : "";
      if (ru)
        return {
          title: `Жалоба рассмотрена: ${about}`,
          body: (p.decision === "resolved" ? `Администратор принял меры.` : `Администратор не нашёл нарушений.`) + note,
        };
      return {
        title: `Your report was reviewed: ${about}`,
        body:
          (p.decision === "resolved" ? `An admin acted on it.` : `An admin found nothing against the rules.`) + note,
      };
    }
  }
}
