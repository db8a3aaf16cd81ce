import type { GoodsKind } from "@lootlane/server/db/seed/demo-games";

/**
 * Words the generated listings are built from. Each kind of goods has its own nouns and selling points in
 * English and Russian, so a search for a real word ("arcana", "аккаунт") matches a realistic share of the
 * catalogue rather than all of it or nothing.
 */
export type KindVocabulary = { nouns: readonly string[]; details: readonly string[]; intros: readonly string[] };
/** One turn of a deal's chat after the purchase card: who speaks and the lines they might say. */
export type ChatTurn = { from: "buyer" | "seller"; lines: readonly string[] };
export type LanguageVocabulary = {
  kinds: Record<GoodsKind, KindVocabulary>;
  closers: readonly string[];
  adjectives: readonly string[];
  /** A deal's conversation in order; a chat says the first few turns, one line of each. */
  chat: readonly ChatTurn[];
};

export const english: LanguageVocabulary = {
  adjectives: [
    "Cheap",
    "Premium",
    "Rare",
    "Instant",
    "Verified",
    "Exclusive",
    "Fast",
    "Trusted",
    "Limited",
    "Best price",
  ],
  chat: [
    {
      from: "seller",
      lines: [
        "Thanks for the purchase! Everything is in the card above.",
        "Hi! The details are in the purchase card.",
        "Thank you! Write here if anything does not work.",
      ],
    },
    { from: "buyer", lines: ["Got it, logging in now.", "Thanks, checking.", "Hi, received, give me a minute."] },
    {
      from: "seller",
      lines: ["Did everything work?", "Please change the password right away.", "Let me know when you are done."],
    },
    {
      from: "buyer",
      lines: ["All good, thank you!", "Works, confirming the deal.", "Everything is fine, great seller."],
    },
  ],
  closers: [
    "Delivery within 10 minutes after payment.",
    "I am online most of the day, write to the chat before buying.",
    "Lifetime warranty on everything I sell.",
    "More than 500 positive reviews on the marketplace.",
    "Works in every region, no VPN needed.",
    "Full instructions come with the purchase.",
    "Refund if anything does not match the description.",
    "Discount for regular customers, ask in the chat.",
  ],
  kinds: {
    accounts: {
      nouns: ["account", "smurf account", "main account", "starter account", "endgame account", "ranked account"],
      details: [
        "with rare skins",
        "full e-mail access",
        "no bans",
        "high rank",
        "many heroes unlocked",
        "original owner",
        "level 120",
        "ranked ready",
      ],
      intros: [
        "Selling my old account.",
        "Hand-levelled account, never shared.",
        "Clean account with a long history.",
        "Account with most content unlocked.",
      ],
    },
    items: {
      nouns: ["skin", "item set", "legendary item", "rare weapon", "cosmetic bundle", "mount", "pet", "arcana"],
      details: [
        "tradable now",
        "factory new",
        "immortal quality",
        "limited edition",
        "full set",
        "sent by trade offer",
      ],
      intros: [
        "Item from my own inventory.",
        "Rare cosmetic, hard to find.",
        "Collectors item in perfect condition.",
        "Delivered by trade right after payment.",
      ],
    },
    keys: {
      nouns: ["activation key", "gift card", "game time code", "season pass", "DLC key", "battle pass"],
      details: ["global region", "EU region", "instant code", "official key", "30 days", "60 days"],
      intros: [
        "Official key bought from the publisher.",
        "Digital code sent to the chat.",
        "Redeem it in the launcher in one minute.",
      ],
    },
    currency: {
      nouns: ["gold", "coins", "gems", "crystals", "in-game currency", "credits"],
      details: ["10000 units", "50000 units", "bulk discount", "any server", "face to face delivery", "by mail"],
      intros: [
        "Farmed by hand, safe for your account.",
        "Large stock, any amount.",
        "Top-up by player id, no password needed.",
      ],
    },
    boosting: {
      nouns: ["rank boost", "MMR boost", "raid carry", "coaching session", "levelling service", "achievement unlock"],
      details: ["by a pro player", "offline mode", "stream available", "fast completion", "any server", "self-play"],
      intros: [
        "Boost by top ranked players.",
        "Safe piloting with VPN of your city.",
        "I play on your account or with you in a group.",
      ],
    },
  },
};

export const russian: LanguageVocabulary = {
  adjectives: [
    "Дешёвый",
    "Премиум",
    "Редкий",
    "Мгновенно",
    "Проверенный",
    "Эксклюзив",
    "Быстро",
    "Надёжно",
    "Лимитированный",
    "Лучшая цена",
  ],
  chat: [
    {
      from: "seller",
      lines: [
        "Спасибо за покупку! Всё в карточке выше.",
        "Здравствуйте! Данные в карточке покупки.",
        "Спасибо! Если что-то не работает, пишите сюда.",
      ],
    },
    { from: "buyer", lines: ["Получил, захожу.", "Спасибо, проверяю.", "Здравствуйте, получил, минуту."] },
    { from: "seller", lines: ["Всё работает?", "Смените пароль сразу, пожалуйста.", "Напишите, как проверите."] },
    {
      from: "buyer",
      lines: ["Всё отлично, спасибо!", "Работает, подтверждаю сделку.", "Всё хорошо, отличный продавец."],
    },
  ],
  closers: [
    "Выдача в течение 10 минут после оплаты.",
    "Почти всегда онлайн, пишите в чат до покупки.",
    "Пожизненная гарантия на все товары.",
    "Более 500 положительных отзывов на площадке.",
    "Работает в любом регионе, без VPN.",
    "Подробная инструкция прилагается к покупке.",
    "Верну деньги, если что-то не совпадает с описанием.",
    "Скидка постоянным покупателям, спрашивайте в чате.",
  ],
  kinds: {
    accounts: {
      nouns: [
        "аккаунт",
        "смурф аккаунт",
        "основной аккаунт",
        "стартовый аккаунт",
        "прокачанный аккаунт",
        "рейтинговый аккаунт",
      ],
      details: [
        "с редкими скинами",
        "с родной почтой",
        "без банов",
        "высокий ранг",
        "много героев",
        "первый владелец",
        "уровень 120",
        "готов к рейтингу",
      ],
      intros: [
        "Продаю свой старый аккаунт.",
        "Прокачан вручную, никому не передавался.",
        "Чистый аккаунт с долгой историей.",
        "Аккаунт с почти всем открытым контентом.",
      ],
    },
    items: {
      nouns: [
        "скин",
        "набор предметов",
        "легендарный предмет",
        "редкое оружие",
        "косметический набор",
        "маунт",
        "питомец",
        "аркана",
      ],
      details: [
        "можно обменять",
        "прямо с завода",
        "бессмертное качество",
        "ограниченный выпуск",
        "полный набор",
        "передача обменом",
      ],
      intros: [
        "Предмет из моего инвентаря.",
        "Редкая косметика, трудно найти.",
        "Коллекционный предмет в идеальном состоянии.",
        "Передам обменом сразу после оплаты.",
      ],
    },
    keys: {
      nouns: [
        "ключ активации",
        "подарочная карта",
        "код игрового времени",
        "сезонный пропуск",
        "ключ дополнения",
        "боевой пропуск",
      ],
      details: ["глобальный регион", "регион Европа", "моментальный код", "официальный ключ", "30 дней", "60 дней"],
      intros: ["Официальный ключ от издателя.", "Код пришлю в чат.", "Активация в лаунчере за минуту."],
    },
    currency: {
      nouns: ["золото", "монеты", "самоцветы", "кристаллы", "игровая валюта", "кредиты"],
      details: ["10000 единиц", "50000 единиц", "скидка за объём", "любой сервер", "передача лично", "по почте"],
      intros: [
        "Нафармлено вручную, безопасно для аккаунта.",
        "Большой запас, любое количество.",
        "Пополнение по игровому id, пароль не нужен.",
      ],
    },
    boosting: {
      nouns: ["буст рейтинга", "буст MMR", "рейд под ключ", "обучение", "прокачка уровня", "получение достижений"],
      details: ["от профессионала", "офлайн режим", "есть стрим", "быстрое выполнение", "любой сервер", "игра вместе"],
      intros: [
        "Буст от игроков топ рейтинга.",
        "Безопасный вход через VPN вашего города.",
        "Играю на вашем аккаунте или с вами в группе.",
      ],
    },
  },
};
