/** The demo catalogue's games and their subcategories (kinds of goods), seeded on an empty database. */

export type GoodsKind = "accounts" | "items" | "keys" | "currency" | "boosting";

/**
 * The guarantee after receipt of each kind of goods (issue 22), in days: accounts are what a first owner
 * "recovers" after the sale, so they get two weeks; the other kinds none (an admin may set them).
 */
export const demoGuaranteeDays: Partial<Record<GoodsKind, number>> = { accounts: 14 };

export type DemoSubcategory = {
  name: string;
  nameRu: string;
  kind: GoodsKind;
  description: string;
  descriptionRu: string;
};

export type DemoGame = {
  name: string;
  /** Brand names stay as Russian players write them: the same as the English, for these games. */
  nameRu: string;
  /** Drawn large on the game's cover image. */
  initials: string;
  description: string;
  descriptionRu: string;
  /** Gradient colours of the game's images, so each game is recognisable at a glance. */
  palette: readonly [string, string];
  subcategories: DemoSubcategory[];
};

export const demoGames: DemoGame[] = [
  {
    name: "Dota 2",
    nameRu: "Dota 2",
    initials: "D2",
    description:
      "Valve's free-to-play MOBA: ranked-ready accounts, Arcana and set items, and rank boosting by high-MMR players.",
    descriptionRu:
      "Бесплатная MOBA от Valve: аккаунты, готовые к рейтинговым играм, арканы и сеты предметов, буст рейтинга от игроков с высоким MMR.",
    palette: ["#8b1e1e", "#1c0b0b"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Calibrated Dota 2 accounts with a clean behaviour score and full e-mail access.",
        descriptionRu: "Откалиброванные аккаунты Dota 2 с чистой порядочностью и полным доступом к почте.",
      },
      {
        name: "Items",
        nameRu: "Предметы",
        kind: "items",
        description: "Arcanas, immortals and hero sets delivered by Steam trade.",
        descriptionRu: "Арканы, бессмертные предметы и сеты героев с передачей через обмен Steam.",
      },
      {
        name: "Boosting",
        nameRu: "Бустинг",
        kind: "boosting",
        description: "MMR and behaviour score boosting by Immortal-rank players, offline mode available.",
        descriptionRu: "Буст MMR и порядочности от игроков ранга «Титан», доступен офлайн-режим.",
      },
    ],
  },
  {
    name: "Counter-Strike 2",
    nameRu: "Counter-Strike 2",
    initials: "CS2",
    description:
      "Prime accounts with Premier ratings, weapon skins from every collection and case keys for Counter-Strike 2.",
    descriptionRu:
      "Prime-аккаунты с рейтингом Premier, скины на оружие из всех коллекций и ключи от кейсов для Counter-Strike 2.",
    palette: ["#d98a1a", "#2a2117"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Prime Status accounts, many with Premier rating and service medals.",
        descriptionRu: "Аккаунты с Prime-статусом, многие с рейтингом Premier и медалями за службу.",
      },
      {
        name: "Skins",
        nameRu: "Скины",
        kind: "items",
        description: "Knives, gloves and weapon skins sent by Steam trade offer, float values listed.",
        descriptionRu: "Ножи, перчатки и скины на оружие через предложение обмена Steam, float указан.",
      },
      {
        name: "Keys",
        nameRu: "Ключи",
        kind: "keys",
        description: "Case keys and operation passes, delivered to your inventory.",
        descriptionRu: "Ключи от кейсов и пропуски операций с доставкой в инвентарь.",
      },
    ],
  },
  {
    name: "Genshin Impact",
    nameRu: "Genshin Impact",
    initials: "GI",
    description:
      "Starter and endgame accounts with five-star characters, Genesis Crystals top-ups and Spiral Abyss help.",
    descriptionRu:
      "Стартовые и прокачанные аккаунты с пятизвёздочными персонажами, пополнение Кристаллов Сотворения и помощь в Витой Бездне.",
    palette: ["#3a7bd5", "#15243f"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Reroll and endgame accounts with five-star characters and weapons, region stated.",
        descriptionRu: "Реролл- и эндгейм-аккаунты с пятизвёздочными персонажами и оружием, регион указан.",
      },
      {
        name: "Genesis Crystals",
        nameRu: "Кристаллы Сотворения",
        kind: "currency",
        description: "Genesis Crystals and Welkin Moon top-ups by UID, no password needed.",
        descriptionRu: "Кристаллы Сотворения и Благословение полой луны по UID, пароль не нужен.",
      },
      {
        name: "Boosting",
        nameRu: "Бустинг",
        kind: "boosting",
        description: "Spiral Abyss clears, exploration, Oculi and event completion by experienced players.",
        descriptionRu: "Прохождение Витой Бездны, исследование мира, окулы и события от опытных игроков.",
      },
    ],
  },
  {
    name: "World of Warcraft",
    nameRu: "World of Warcraft",
    initials: "WoW",
    description:
      "Gold on every major realm, levelled characters, game time and raid or Mythic+ carries for World of Warcraft.",
    descriptionRu:
      "Золото на всех крупных серверах, прокачанные персонажи, игровое время и сопровождение в рейдах и Мифик+ для World of Warcraft.",
    palette: ["#1f6f8b", "#0e1b2b"],
    subcategories: [
      {
        name: "Gold",
        nameRu: "Золото",
        kind: "currency",
        description: "Gold delivered face to face or by mail on European realms, Horde and Alliance.",
        descriptionRu: "Золото при личной встрече или по почте на европейских серверах, Орда и Альянс.",
      },
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Battle.net accounts with max-level characters, mounts and achievements.",
        descriptionRu: "Аккаунты Battle.net с персонажами максимального уровня, ездовыми животными и достижениями.",
      },
      {
        name: "Boosting",
        nameRu: "Бустинг",
        kind: "boosting",
        description: "Mythic+ keys, raid carries and PvP rating, self-play or piloted.",
        descriptionRu: "Ключи Мифик+, сопровождение в рейдах и PvP-рейтинг: играете сами или передаёте аккаунт.",
      },
      {
        name: "Game Time",
        nameRu: "Игровое время",
        kind: "keys",
        description: "30- and 60-day game time codes and WoW Tokens for the EU region.",
        descriptionRu: "Коды игрового времени на 30 и 60 дней и жетоны WoW для региона EU.",
      },
    ],
  },
  {
    name: "Minecraft",
    nameRu: "Minecraft",
    initials: "MC",
    description: "Java and Bedrock accounts, Minecoins for the Marketplace and gift codes for Minecraft.",
    descriptionRu: "Аккаунты Java и Bedrock, Майнкоины для Marketplace и подарочные коды для Minecraft.",
    palette: ["#4c8c2b", "#1d2f14"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Microsoft accounts with Minecraft Java & Bedrock Edition, name change available.",
        descriptionRu: "Аккаунты Microsoft с Minecraft Java & Bedrock Edition, можно сменить ник.",
      },
      {
        name: "Minecoins",
        nameRu: "Майнкоины",
        kind: "currency",
        description: "Minecoins for skins, worlds and texture packs on the Bedrock Marketplace.",
        descriptionRu: "Майнкоины для скинов, миров и наборов текстур в Marketplace на Bedrock.",
      },
      {
        name: "Keys",
        nameRu: "Ключи",
        kind: "keys",
        description: "Official Minecraft and Realms subscription codes.",
        descriptionRu: "Официальные коды Minecraft и подписки Realms.",
      },
    ],
  },
  {
    name: "Fortnite",
    nameRu: "Fortnite",
    initials: "FN",
    description: "Accounts with rare skins, V-Bucks top-ups and item shop gifts for Fortnite.",
    descriptionRu: "Аккаунты с редкими скинами, пополнение В-баксов и подарки из магазина предметов Fortnite.",
    palette: ["#7b3fe4", "#1e1440"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Epic Games accounts with rare and OG outfits, full access with e-mail.",
        descriptionRu: "Аккаунты Epic Games с редкими и OG-костюмами, полный доступ с почтой.",
      },
      {
        name: "V-Bucks",
        nameRu: "В-баксы",
        kind: "currency",
        description: "V-Bucks top-ups on PC, console and mobile accounts.",
        descriptionRu: "Пополнение В-баксов на аккаунтах для ПК, консолей и мобильных устройств.",
      },
      {
        name: "Skins",
        nameRu: "Скины",
        kind: "items",
        description: "Item shop outfits, emotes and pickaxes sent as gifts.",
        descriptionRu: "Костюмы, эмоции и кирки из магазина предметов в подарок.",
      },
    ],
  },
  {
    name: "Valorant",
    nameRu: "Valorant",
    initials: "VAL",
    description: "Ranked-ready Valorant accounts, Valorant Points and rank boosting by Immortal and Radiant players.",
    descriptionRu:
      "Аккаунты Valorant, готовые к рейтинговым играм, Valorant Points и буст ранга от игроков рангов «Бессмертие» и «Радиант».",
    palette: ["#e84855", "#2b0f14"],
    subcategories: [
      {
        name: "Accounts",
        nameRu: "Аккаунты",
        kind: "accounts",
        description: "Level 20+ accounts ready for competitive, many with premium skin bundles.",
        descriptionRu: "Аккаунты 20+ уровня, готовые к рейтинговым играм, многие с премиальными наборами скинов.",
      },
      {
        name: "Valorant Points",
        nameRu: "Valorant Points",
        kind: "currency",
        description: "Valorant Points gift cards for the EU region, code delivered in the chat.",
        descriptionRu: "Подарочные карты Valorant Points для региона EU, код приходит в чат.",
      },
      {
        name: "Boosting",
        nameRu: "Бустинг",
        kind: "boosting",
        description: "Rank, placement and win boosting with live streaming of every match.",
        descriptionRu: "Буст ранга, калибровки и побед с прямой трансляцией каждого матча.",
      },
    ],
  },
];
