/** The demo catalogue's games and their subcategories (kinds of goods), seeded on an empty database. */

export type GoodsKind = "accounts" | "items" | "keys" | "currency" | "boosting";

export type DemoSubcategory = {
  name: string;
  nameRu?: string;
  kind: GoodsKind;
  description: string;
  descriptionRu?: string;
};

export type DemoGame = {
  name: string;
  nameRu?: string;
  descriptionRu?: string;
  /** Drawn large on the game's cover image. */
  initials: string;
  description: string;
  /** Gradient colours of the game's images, so each game is recognisable at a glance. */
  palette: readonly [string, string];
  subcategories: DemoSubcategory[];
};

export const demoGames: DemoGame[] = [
  {
    name: "Dota 2",
    initials: "D2",
    description:
      "Valve's free-to-play MOBA: ranked-ready accounts, Arcana and set items, and rank boosting by high-MMR players.",
    palette: ["#8b1e1e", "#1c0b0b"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Calibrated Dota 2 accounts with a clean behaviour score and full e-mail access.",
      },
      { name: "Items", kind: "items", description: "Arcanas, immortals and hero sets delivered by Steam trade." },
      {
        name: "Boosting",
        kind: "boosting",
        description: "MMR and behaviour score boosting by Immortal-rank players, offline mode available.",
      },
    ],
  },
  {
    name: "Counter-Strike 2",
    initials: "CS2",
    description:
      "Prime accounts with Premier ratings, weapon skins from every collection and case keys for Counter-Strike 2.",
    palette: ["#d98a1a", "#2a2117"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Prime Status accounts, many with Premier rating and service medals.",
      },
      {
        name: "Skins",
        kind: "items",
        description: "Knives, gloves and weapon skins sent by Steam trade offer, float values listed.",
      },
      { name: "Keys", kind: "keys", description: "Case keys and operation passes, delivered to your inventory." },
    ],
  },
  {
    name: "Genshin Impact",
    initials: "GI",
    description:
      "Starter and endgame accounts with five-star characters, Genesis Crystals top-ups and Spiral Abyss help.",
    palette: ["#3a7bd5", "#15243f"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Reroll and endgame accounts with five-star characters and weapons, region stated.",
      },
      {
        name: "Genesis Crystals",
        kind: "currency",
        description: "Genesis Crystals and Welkin Moon top-ups by UID, no password needed.",
      },
      {
        name: "Boosting",
        kind: "boosting",
        description: "Spiral Abyss clears, exploration, Oculi and event completion by experienced players.",
      },
    ],
  },
  {
    name: "World of Warcraft",
    initials: "WoW",
    description:
      "Gold on every major realm, levelled characters, game time and raid or Mythic+ carries for World of Warcraft.",
    palette: ["#1f6f8b", "#0e1b2b"],
    subcategories: [
      {
        name: "Gold",
        kind: "currency",
        description: "Gold delivered face to face or by mail on European realms, Horde and Alliance.",
      },
      {
        name: "Accounts",
        kind: "accounts",
        description: "Battle.net accounts with max-level characters, mounts and achievements.",
      },
      {
        name: "Boosting",
        kind: "boosting",
        description: "Mythic+ keys, raid carries and PvP rating, self-play or piloted.",
      },
      {
        name: "Game Time",
        kind: "keys",
        description: "30- and 60-day game time codes and WoW Tokens for the EU region.",
      },
    ],
  },
  {
    name: "Minecraft",
    initials: "MC",
    description: "Java and Bedrock accounts, Minecoins for the Marketplace and gift codes for Minecraft.",
    palette: ["#4c8c2b", "#1d2f14"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Microsoft accounts with Minecraft Java & Bedrock Edition, name change available.",
      },
      {
        name: "Minecoins",
        kind: "currency",
        description: "Minecoins for skins, worlds and texture packs on the Bedrock Marketplace.",
      },
      { name: "Keys", kind: "keys", description: "Official Minecraft and Realms subscription codes." },
    ],
  },
  {
    name: "Fortnite",
    initials: "FN",
    description: "Accounts with rare skins, V-Bucks top-ups and item shop gifts for Fortnite.",
    palette: ["#7b3fe4", "#1e1440"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Epic Games accounts with rare and OG outfits, full access with e-mail.",
      },
      { name: "V-Bucks", kind: "currency", description: "V-Bucks top-ups on PC, console and mobile accounts." },
      { name: "Skins", kind: "items", description: "Item shop outfits, emotes and pickaxes sent as gifts." },
    ],
  },
  {
    name: "Valorant",
    initials: "VAL",
    description: "Ranked-ready Valorant accounts, Valorant Points and rank boosting by Immortal and Radiant players.",
    palette: ["#e84855", "#2b0f14"],
    subcategories: [
      {
        name: "Accounts",
        kind: "accounts",
        description: "Level 20+ accounts ready for competitive, many with premium skin bundles.",
      },
      {
        name: "Valorant Points",
        kind: "currency",
        description: "Valorant Points gift cards for the EU region, code delivered in the chat.",
      },
      {
        name: "Boosting",
        kind: "boosting",
        description: "Rank, placement and win boosting with live streaming of every match.",
      },
    ],
  },
];
