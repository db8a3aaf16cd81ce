import { z } from "zod";

/*
 * The off-platform contact detector (issue 22, "Disputes with evidence"): scammers pull buyers out of the chat to
 * pay or talk elsewhere, where Lootlane cannot protect the deal. A message is scanned when it is presented, never
 * stored flagged, so the rules can improve and old messages follow. Plain regular expressions, no dependency: the
 * web app runs it too and a phone library would cost more than the whole chat page.
 *
 * It errs on the side of silence for what a game marketplace writes every day: prices, quantities, levels and
 * MMR, times and dates, the app's own ids (UUIDs), Steam ids and a bare "@name" of the other party. A Steam trade
 * offer link is how items are handed over, so `steamcommunity.com/tradeoffer/…` is allowed, and so are links to
 * Lootlane itself.
 */

/** What a message points to outside Lootlane, in the order a reader is warned about them. */
export const offPlatformKindSchema = z.enum(["phone", "card", "email", "messenger", "payment", "link"]);
export type OffPlatformKind = z.infer<typeof offPlatformKindSchema>;

const KIND_ORDER = offPlatformKindSchema.options;

/** Top-level domains a bare "name.tld" is taken as a link for; a wider list would catch typos like "done.So". */
const TLDS =
  "com|ru|net|org|io|me|gg|su|рф|info|biz|co|xyz|ua|by|kz|uk|de|us|pro|online|site|store|shop|cc|tv|app|dev|link|top|im";
const MAIL_DOMAINS = "gmail|mail|yandex|ya|yahoo|outlook|hotmail|icloud|proton|protonmail|rambler|bk|inbox|list";

// Each pattern that starts with a run of characters starts only where such a run starts, and word endings are
// bounded (`\p{L}{0,12}`): tried from every position of a long word, an open run takes quadratic time, and a
// 2,000-character message would stall the server.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** "name at gmail dot com", "name (собака) mail.ru", "name собака yandex": spelled-out @ and dots. */
const OBFUSCATED_EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._+-])[\p{L}\p{N}._+-]+\s*(?:@|[(\[{]\s*(?:at|собака)\s*[)\]}]|\s(?:at|собака|собачка)\s)\s*` +
    String.raw`(?:(?:${MAIL_DOMAINS})(?![\p{L}\p{N}])|[\p{L}\p{N}-]+\s*(?:\.|[(\[{]\s*(?:dot|точка)\s*[)\]}]|\s(?:dot|точка)\s)\s*(?:${TLDS})(?![\p{L}\p{N}]))` +
    String.raw`(?:\s*(?:\.|dot|точка)\s*(?:${TLDS})(?![\p{L}\p{N}]))?`,
  "gu",
);

const URL = new RegExp(
  String.raw`(?:https?:\/\/|tg:\/\/|www\.)[^\s<>"']+` +
    String.raw`|(?<![\p{L}\p{N}@.\-])(?:[\p{L}\p{N}-]+\.)+(?:${TLDS})(?![\p{L}\p{N}\-])(?:[/?#][^\s<>"']*)?`,
  "gu",
);
/** "t . me/name", "wa dot me", "discord точка gg": a messenger's short domain spelled apart. */
const SPACED_MESSENGER_DOMAIN =
  /(?<![\p{L}\p{N}])(?:t|wa|vk|discord|telegram)\s*(?:\.|,|[([]?\s*(?:dot|точка)\s*[)\]]?)\s*(?:me|gg|com|ru)(?![\p{L}\p{N}])/gu;

const MESSENGER_HOSTS = [
  "t.me",
  "telegram.me",
  "telegram.org",
  "telegram.dog",
  "wa.me",
  "whatsapp.com",
  "discord.gg",
  "discord.com",
  "discordapp.com",
  "vk.com",
  "vk.me",
  "vk.ru",
  "vkontakte.ru",
  "m.me",
  "messenger.com",
  "instagram.com",
  "facebook.com",
  "skype.com",
  "viber.com",
  "signal.me",
  "signal.group",
  "icq.im",
];
const PAYMENT_HOSTS = ["qiwi.com", "yoomoney.ru", "paypal.me", "paypal.com", "payeer.com", "webmoney.ru"];

/** Goods sold under a messenger's name, which are not an invitation to talk there. */
const MESSENGER_GOODS =
  /(?:discord|дискорд)\s*(?:nitro|нитро)|(?:telegram|телеграм\p{L}{0,12})\s*(?:premium|stars|премиум|звезд\p{L}{0,12})/gu;
/** A messenger named outright: in a deal chat this is an invitation to move the talk there. */
const MESSENGER_NAME =
  /(?<![\p{L}\p{N}])(?:telegram|телеграм\p{L}{0,12}|телег[аеиу]|whats\s?app|в[ао]тсап\p{L}{0,12}|вацап\p{L}{0,12}|viber|вайбер\p{L}{0,12}|skype|скайп\p{L}{0,12}|discord|дискорд\p{L}{0,12}|вконтакте|icq|аськ\p{L}{0,12})(?![\p{L}\p{N}])/gu;
/** A short or ambiguous messenger name counts only with a handle or number beside it. */
const SHORT_NAME = String.raw`(?:tg|тг|vk|вк|ds|дс|wa|inst|insta|инст\p{L}{0,12}|signal|сигнал\p{L}{0,12})`;
const MESSENGER_HANDLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${SHORT_NAME}\s*(?::\s*@?|@|\s+@)[a-z][a-z0-9_.]{3,31}` +
    String.raw`|@[a-z][a-z0-9_]{3,31}\s*(?:(?:в|на|in|on)\s+)?${SHORT_NAME}(?![\p{L}\p{N}])` +
    String.raw`|(?:пиши|напиши|пишите|напишите|стучи|стукни|добавь|добавляйся|add me|write me|text me|dm me|message me|hmu)\p{L}{0,12}\s+(?:мне\s+)?(?:в|на|in|on)\s+${SHORT_NAME}(?![\p{L}\p{N}])`,
  "gu",
);
/** The old Discord tag, "name#1234". */
const DISCORD_TAG = /(?<![\p{L}\p{N}#])[\p{L}\p{N}_.]{2,32}#\d{4}(?![\p{L}\p{N}])/gu;

const PAYMENT_WORDS =
  /(?<![\p{L}\p{N}])(?:qiwi|киви|ю\s?money|yoomoney|ю\s?мани|яндекс[\s.]?деньг\p{L}{0,12}|webmoney|вебмани|paypal|пейпал\p{L}{0,12}|payeer|пайер\p{L}{0,12}|сбп|cash\s?app|venmo|zelle|revolut|тинькофф\p{L}{0,12}|тиньк[оа]в\p{L}{0,12}|сбер\p{L}{0,12}|альфа-?банк\p{L}{0,12}|т-банк\p{L}{0,12}|usdt|btc|bitcoin|биткоин\p{L}{0,12}|крипт\p{L}{0,12})(?![\p{L}\p{N}])/gu;
const PAYMENT_PHRASES = new RegExp(
  [
    // "переведи на карту", "скинь деньги мне на сбер", "оплати на мой счёт".
    String.raw`(?<!\p{L})(?:перевед|перевод|перекин|скин|кин|закин|отправ|оплат|заплат|плат)\p{L}{0,12}\s+(?:[\p{L}\p{N}]+\s+){0,3}?на\s+(?:мою\s+|мой\s+|мне\s+)?(?:карт|кошел|сч[её]т|номер|телефон)`,
    String.raw`(?<!\p{L})(?:оплат|плат|перевед|перевод|заплат|деньги)\p{L}{0,12}\s+(?:\p{L}+\s+)?напрямую`,
    String.raw`напрямую\s+(?:\p{L}+\s+)?(?:оплат|плат|перевед|перевод|заплат|скин|кин)`,
    String.raw`номер\s+(?:моей\s+)?(?:карты|кошелька|сч[её]та)|(?:без|мимо|вне)\s+(?:гаранта|сайта|площадки|лутлейна|lootlane)`,
    String.raw`pay\s+(?:me\s+|you\s+)?directly|(?:outside|off|around)\s+(?:the\s+)?(?:site|platform|lootlane)`,
    String.raw`(?<!\p{L})(?:send|transfer|pay|wire)\s+(?:[\p{L}\p{N}$]+\s+){0,3}?(?:to|on|into)\s+my\s+(?:card|account|wallet|paypal|bank)`,
    String.raw`(?:card|wallet|account)\s+number`,
  ].join("|"),
  "gu",
);
const CRYPTO_ADDRESS =
  /(?<![\p{L}\p{N}])(?:bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40}|T[1-9A-HJ-NP-Za-km-z]{33})(?![\p{L}\p{N}])/gu;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Digits written with spaces, dots, dashes or brackets between them: "+7 (999) 123-45-67", "8 9 9 9 …". */
const DIGIT_RUN = /(?<![\p{L}\p{N}_#])\+?\s*\d(?:[\s().-]{0,3}\d)*(?![\p{L}\p{N}_])/gu;
/** "9 000 000 000": a big amount in thousands, not a phone. */
const THOUSANDS = /^\d{1,3}(?:[ .,\u00a0]\d{3})+$/;
const CARD_PREFIX = /^(?:2[2-7]|3[47]|4|5[0-8]|6)/;

/**
 * The kinds of off-platform contact a message holds, each once, in `offPlatformKindSchema`'s order; empty for an
 * ordinary message.
 */
export function findOffPlatformContacts(text: string): OffPlatformKind[] {
  const found = new Set<OffPlatformKind>();
  // Invisible characters and look-alike forms (full-width digits) must not hide a number.
  let rest = text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/ё/g, "е")
    .replace(/Ё/g, "Е");
  // Crypto addresses are case-sensitive: look before lower-casing.
  if (matches(rest, CRYPTO_ADDRESS)) found.add("payment");
  rest = rest.toLowerCase();

  // Each finding is cut out so its digits or words are not read again as something else.
  rest = cut(rest, EMAIL, () => found.add("email"));
  rest = cut(rest, OBFUSCATED_EMAIL, () => found.add("email"));
  rest = cut(rest, URL, (url) => {
    const kind = classifyUrl(url);
    if (kind) found.add(kind);
  });
  rest = cut(rest, SPACED_MESSENGER_DOMAIN, () => found.add("messenger"));
  rest = rest.replace(UUID, " ");
  rest = rest.replace(MESSENGER_GOODS, " ");
  if (matches(rest, MESSENGER_NAME) || matches(rest, MESSENGER_HANDLE) || matches(rest, DISCORD_TAG)) {
    found.add("messenger");
  }
  if (matches(rest, PAYMENT_WORDS) || matches(rest, PAYMENT_PHRASES)) found.add("payment");
  for (const run of rest.match(DIGIT_RUN) ?? []) {
    const kind = classifyDigits(run.trim());
    if (kind) found.add(kind);
  }
  return KIND_ORDER.filter((kind) => found.has(kind));
}

function matches(text: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

function cut(text: string, pattern: RegExp, onMatch: (match: string) => void): string {
  return text.replace(pattern, (match) => {
    onMatch(match);
    return " ";
  });
}

function classifyUrl(url: string): OffPlatformKind | null {
  if (url.startsWith("tg://")) return "messenger";
  const address = url.replace(/^https?:\/\//, "").replace(/^www\./, "");
  const slash = address.search(/[/?#]/);
  const host = (slash === -1 ? address : address.slice(0, slash)).replace(/:\d+$/, "");
  const path = slash === -1 ? "" : address.slice(slash);
  const isHost = (known: string) => host === known || host.endsWith(`.${known}`);
  if (host.split(".").includes("lootlane")) return null;
  if (isHost("steamcommunity.com") && path.startsWith("/tradeoffer/")) return null;
  if (MESSENGER_HOSTS.some(isHost)) return "messenger";
  if (PAYMENT_HOSTS.some(isHost)) return "payment";
  return "link";
}

function classifyDigits(run: string): OffPlatformKind | null {
  const digits = run.replace(/\D/g, "");
  const international = run.startsWith("+");
  if (international) return digits.length >= 10 && digits.length <= 15 ? "phone" : null;
  if (THOUSANDS.test(run)) return null;
  if (digits.length === 11 && /^[78][3-9]/.test(digits)) return "phone";
  if (digits.length === 10 && digits.startsWith("9")) return "phone";
  if (digits.length >= 13 && digits.length <= 19 && CARD_PREFIX.test(digits) && luhn(digits)) return "card";
  return null;
}

/** The Luhn checksum every payment card number passes, which keeps random long numbers out. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * GET /admin/chats/{id}/off-platform (beyond the spec, issue 22): how many of a chat's messages hold contacts
 * outside Lootlane and of which kinds, for the admin weighing a dispute before opening the whole transcript.
 */
export const chatOffPlatformSummarySchema = z
  .object({
    flagged_messages: z.number().int().nonnegative(),
    kinds: z.array(offPlatformKindSchema),
  })
  .meta({ id: "ChatOffPlatformSummary" });
export type ChatOffPlatformSummary = z.infer<typeof chatOffPlatformSummarySchema>;
