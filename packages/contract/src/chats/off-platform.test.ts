import { describe, expect, it } from "vitest";
import { formatPrice } from "../money/money.js";
import { findOffPlatformContacts, type OffPlatformKind } from "./off-platform.js";

/** Messages that point outside Lootlane, in Russian and English, with every kind the reader is warned about. */
const hits: [string, OffPlatformKind[]][] = [
  // Phones: Russian forms, international, split and spelled with separators.
  ["Звони +7 (999) 123-45-67", ["phone"]],
  ["мой номер 8 999 123 45 67", ["phone"]],
  ["89991234567", ["phone"]],
  ["8-999-123-45-67 пиши", ["phone"]],
  ["8.999.123.45.67", ["phone"]],
  ["набери 8 9 9 9 1 2 3 4 5 6 7", ["phone"]],
  ["+79991234567", ["phone"]],
  ["999 123 45 67 — это мой", ["phone"]],
  ["call me at +44 20 7946 0958", ["phone"]],
  ["my number is +1 (555) 123-4567", ["phone"]],
  ["+7\u200b999\u200b123\u200b45\u200b67", ["phone"]],
  // Cards, with a Luhn check.
  ["Карта 4276 3800 1234 5679", ["card"]],
  ["кидай на 2200700123456781", ["card"]],
  ["card: 4111-1111-1111-1111", ["card"]],
  ["5536 9101 2345 6784 Ivan", ["card"]],
  // E-mail, plain and spelled out.
  ["пиши на vasya.pro@gmail.com", ["email"]],
  ["mail me: seller_99@yandex.ru", ["email"]],
  ["vasya собака mail.ru", ["email"]],
  ["vasya (at) gmail (dot) com", ["email"]],
  ["john at outlook dot com", ["email"]],
  ["ящик: ivan собака yandex", ["email"]],
  // Messengers: links, handles beside a name, names, tags, spelled-apart domains.
  ["t.me/vasya_shop", ["messenger"]],
  ["https://t.me/+AbCdEf123", ["messenger"]],
  ["Пиши в тг: @vasya_pro", ["messenger"]],
  ["@vasya_pro в тг", ["messenger"]],
  ["tg @seller_best", ["messenger"]],
  ["Напиши мне в телеграм, там быстрее", ["messenger"]],
  ["давай в телегу", ["messenger"]],
  ["wa.me/79991234567", ["messenger"]],
  ["есть ватсап?", ["messenger"]],
  ["add me on WhatsApp", ["messenger"]],
  ["join discord.gg/abc123", ["messenger"]],
  ["my discord is vasya#1234", ["messenger"]],
  ["го в дискорд", ["messenger"]],
  ["vk.com/id12345", ["messenger"]],
  ["t . me / vasya", ["messenger"]],
  ["t dot me slash vasya", ["messenger"]],
  ["skype: live:vasya", ["messenger"]],
  ["в вайбере ответь", ["messenger"]],
  ["пиши в вк", ["messenger"]],
  ["WhatsApp +7 999 123 45 67", ["phone", "messenger"]],
  // Payment off the platform.
  ["переведи на карту, так дешевле", ["payment"]],
  ["скинь деньги мне на сбер", ["payment"]],
  ["оплата по СБП", ["payment"]],
  ["могу на QIWI", ["payment"]],
  ["ЮMoney кошелек", ["payment"]],
  ["давай напрямую оплатишь", ["payment"]],
  ["оплати напрямую, без гаранта", ["payment"]],
  ["pay me directly via PayPal", ["payment"]],
  ["send the money to my card", ["payment"]],
  ["you can pay me on my card instead", ["payment"]],
  ["USDT TRC20 only", ["payment"]],
  ["0x52908400098527886E0F7030069857D2E4169EE7", ["payment"]],
  ["btc: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", ["payment"]],
  ["paypal.me/vasya", ["payment"]],
  // Links outside Lootlane.
  ["смотри https://example.com/item", ["link"]],
  ["www.some-shop.net", ["link"]],
  ["zaydi na funpay.ru", ["link"]],
  ["steamcommunity.com/id/vasya", ["link"]],
];

/** What a deal chat says every day: none of it may be flagged. */
const ordinary: string[] = [
  "Привет! Аккаунт ещё продаётся?",
  "Цена 1500 ₽, торг уместен",
  "Отдам за 1 500 руб",
  "It's $15, final price",
  "Куплю 3 штуки по 250 рублей",
  "MMR 4500, 2000 часов в доте",
  "lvl 80, all heroes unlocked",
  "Буду на месте в 18:30",
  "let's meet at 18:30 tomorrow",
  "Заказ от 27.11.2026, всё пришло",
  "deal 3f2a9c4e-1b7d-4e8a-9c1d-123456789012 is done",
  "Номер сделки 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
  "Код предмета AK-47 | Redline (FT)",
  "item code M4A1-S, float 0.07",
  "Ключ: XXXXX-YYYYY-ZZZZZ",
  "Steam ID 76561198012345678",
  "Dota match 7512345678",
  "UID 812345678 в геншине",
  "100 000 000 золота за 900 ₽",
  "9 000 000 000 опыта на аккаунте",
  "отправил трейд: https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCdEf12",
  "steamcommunity.com/tradeoffer/new/?partner=987654321&token=xyz",
  "посмотри https://lootlane.ru/products/abc",
  "@vasya спасибо, всё получил",
  "@seller_best thanks, got it",
  "Discord Nitro на месяц, ключ ниже",
  "Telegram Premium на 3 месяца",
  "ранг 5000 - 6000 ммр",
  "Подтвердите получение, пожалуйста",
  "Please confirm receipt when you can",
  "Моя собака съела зарядку, отвечу позже",
  "I'm at home, will send it in 5 minutes",
  "Gift card for Steam wallet, 20 USD",
  "Steam wallet code 1000 руб",
  "Ждите 10-15 минут",
  "x2 1500 = 3000",
  "Аккаунт 2015 года, 120 игр",
  "Ok.",
  "Done.So what's next?",
  "Спасибо, всё ок. 5 звёзд!",
  "Рейтинг 4.9, 312 отзывов",
  "Мне нужен ds lite",
  "Pass: 12345 (смени после входа)",
  "Сервер EU-West, ник Vasya_Pro",
  "Открыл спор, жду админа",
];

describe("findOffPlatformContacts", () => {
  it("has enough cases for both lists", () => {
    expect(hits.length).toBeGreaterThanOrEqual(40);
    expect(ordinary.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hits)("flags %j as %j", (text, kinds) => {
    expect(findOffPlatformContacts(text)).toEqual(kinds);
  });

  it.each(ordinary)("leaves %j alone", (text) => {
    expect(findOffPlatformContacts(text)).toEqual([]);
  });

  it("names each kind once, in a fixed order", () => {
    expect(
      findOffPlatformContacts("https://example.com, пиши в телеграм, 89991234567, 89997654321, vasya@mail.ru"),
    ).toEqual(["phone", "email", "messenger", "link"]);
  });

  it("refuses a card number that fails the Luhn check", () => {
    expect(findOffPlatformContacts("4276 3800 1234 5678")).toEqual([]);
  });
});

/** A fixed pseudo-random sequence (a linear congruential generator), so a failing case is the same every run. */
function digitsFrom(seed: number) {
  let state = seed;
  return (count: number) => {
    let digits = "";
    for (let index = 0; index < count; index += 1) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      digits += String(state % 10);
    }
    return digits;
  };
}

function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit < 10; digit += 1) {
    if (passesLuhn(body + String(digit))) return String(digit);
  }
  throw new Error("unreachable: one check digit always fits");
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return sum % 10 === 0;
}

describe("findOffPlatformContacts over many generated values", () => {
  const next = digitsFrom(20_261_127);

  it("flags every card number that passes Luhn, however it is grouped, and none that fails it", () => {
    for (let index = 0; index < 200; index += 1) {
      const prefix = ["4", "5" + String(1 + (index % 5)), "2200"][index % 3]!;
      const body = prefix + next(15 - prefix.length);
      const card = body + luhnCheckDigit(body);
      const wrong = body + String((Number(luhnCheckDigit(body)) + 1) % 10);
      for (const written of [card, card.replace(/(\d{4})(?=\d)/g, "$1 "), card.replace(/(\d{4})(?=\d)/g, "$1-")]) {
        expect(findOffPlatformContacts(`card ${written}`), written).toEqual(["card"]);
      }
      expect(findOffPlatformContacts(`card ${wrong}`), wrong).toEqual([]);
    }
  });

  it("flags every Russian mobile number in each usual form", () => {
    for (let index = 0; index < 200; index += 1) {
      const [a, b, c, d] = ["9" + next(2), next(3), next(2), next(2)];
      for (const written of [
        `+7 (${a}) ${b}-${c}-${d}`,
        `8 ${a} ${b} ${c} ${d}`,
        `8${a}${b}${c}${d}`,
        `+7${a}${b}${c}${d}`,
        `8-${a}-${b}-${c}-${d}`,
        `${a} ${b} ${c} ${d}`,
      ]) {
        expect(findOffPlatformContacts(`звони ${written}`), written).toEqual(["phone"]);
      }
    }
  });

  it("leaves prices alone, as the app formats them and as people write them", () => {
    for (let roubles = 1; roubles < 10_000_000_000; roubles = Math.ceil(roubles * 1.37) + Number(next(1))) {
      for (const written of [formatPrice(roubles), `${roubles.toLocaleString("ru-RU")} руб`, `$${roubles}`]) {
        expect(findOffPlatformContacts(`Цена ${written}`), written).toEqual([]);
      }
    }
  });

  it("leaves the app's ids alone", () => {
    for (let index = 0; index < 200; index += 1) {
      // Digits up to a letter variant read like a 16-digit card number: "4123…-…-4…-a…" must still pass.
      const variant = "89ab"[index % 4]!;
      const uuid = `${"456"[index % 3]!}${next(7)}-${next(4)}-4${next(3)}-${variant}${next(3)}-${next(6)}c0ffee`;
      expect(findOffPlatformContacts(`deal ${uuid}`), uuid).toEqual([]);
    }
  });
});
