/** The demo seller's listings: game and subcategory by name, price in whole roubles, `data` is the goods. */

export type DemoProduct = {
  game: string;
  subcategory: string;
  title: string;
  description: string;
  priceRoubles: number;
  data: string;
  imageCount: 1 | 2;
};

export const demoProducts: DemoProduct[] = [
  {
    game: "Dota 2",
    subcategory: "Accounts",
    title: "Dota 2 account, 4200 MMR, 10k behaviour",
    description:
      "Calibrated Legend V account with 1,800 matches, 10,000 behaviour score and no reports. Original e-mail included, Steam Guard removed before delivery.",
    priceRoubles: 3490,
    data: "Steam login: ancient_drow_4821\nPassword: Vx7!kQ2pLm\nE-mail: ancient.drow4821@rambler.ru / Mail password: Tq9#wZ4r",
    imageCount: 2,
  },
  {
    game: "Dota 2",
    subcategory: "Accounts",
    title: "Fresh Dota 2 smurf, ranked unlocked",
    description:
      "100 hours played, ranked matchmaking unlocked, not calibrated yet. Good for a new start or a second account.",
    priceRoubles: 690,
    data: "Steam login: fresh_smurf_207\nPassword: Lk4$eR8uYb\nE-mail: fresh.smurf207@mail.ru / Mail password: Ha2!xC7v",
    imageCount: 1,
  },
  {
    game: "Dota 2",
    subcategory: "Items",
    title: "Manifold Paradox Arcana for Phantom Assassin",
    description:
      "Arcana delivered by Steam trade offer within 15 minutes of purchase. Tradable, no hold. Send your trade link in the chat.",
    priceRoubles: 2890,
    data: "Trade offer sent from Steam profile lootlane_dota_bot. Item: Manifold Paradox (Arcana), asset id 28451120934.",
    imageCount: 2,
  },
  {
    game: "Dota 2",
    subcategory: "Boosting",
    title: "MMR boost +500 by an Immortal player",
    description:
      "Party or solo boosting, 8 to 10 wins a day, offline mode so your friends never see it. Progress screenshots after every session.",
    priceRoubles: 4500,
    data: "Booster: Immortal #1840. Start within 2 hours after you send login details in this chat. Order code DB-500-7731.",
    imageCount: 1,
  },
  {
    game: "Dota 2",
    subcategory: "Boosting",
    title: "Behaviour score restore to 10,000",
    description:
      "Low-priority removal and behaviour score restoration by careful, report-free play. Usually 5 to 7 days.",
    priceRoubles: 1990,
    data: "Order code DB-BHV-2290. Write your preferred play hours in the chat; the booster plays only support heroes.",
    imageCount: 1,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Accounts",
    title: "CS2 Prime account, Premier 15,000",
    description:
      "Prime Status account with Premier rating 15,000, 5-year veteran coin and 2,300 hours. No VAC, no game bans, full access.",
    priceRoubles: 4990,
    data: "Steam login: headshot_falcon88\nPassword: Rp5%tY3wQe\nE-mail: hs.falcon88@gmail.com / Mail password: Ue8!nB2k",
    imageCount: 2,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Accounts",
    title: "CS2 Prime account, ready for Premier",
    description:
      "New Prime Status account, 25 hours played, Premier unlocked. Ideal for playing with friends at a lower rating.",
    priceRoubles: 1290,
    data: "Steam login: prime_rookie_5533\nPassword: Cz2&mW9xTa\nE-mail: prime.rookie5533@yandex.ru / Mail password: Gf6!pL3s",
    imageCount: 1,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Skins",
    title: "AK-47 | Redline, Field-Tested",
    description:
      "Float 0.19, clean look with no stickers. Sent by Steam trade offer right after purchase, no trade hold.",
    priceRoubles: 1150,
    data: "Trade offer from lootlane_cs_bot. AK-47 | Redline (Field-Tested), float 0.1904, asset id 34118820471.",
    imageCount: 2,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Skins",
    title: "Karambit | Doppler Phase 2, Factory New",
    description: "Factory New Karambit with a bright pink Phase 2 pattern, float 0.011. Trade offer within 30 minutes.",
    priceRoubles: 64900,
    data: "Trade offer from lootlane_cs_bot. ★ Karambit | Doppler (Factory New) Phase 2, float 0.0113, asset id 34118820902.",
    imageCount: 2,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Skins",
    title: "AWP | Asiimov, Battle-Scarred",
    description: "The classic orange-and-white AWP. Float 0.82, no stickers. Delivered by trade offer.",
    priceRoubles: 5400,
    data: "Trade offer from lootlane_cs_bot. AWP | Asiimov (Battle-Scarred), float 0.8216, asset id 34118821044.",
    imageCount: 1,
  },
  {
    game: "Counter-Strike 2",
    subcategory: "Keys",
    title: "Kilowatt Case key, 5 pieces",
    description: "Five keys for the Kilowatt Case, delivered to your inventory by trade offer. Tradable immediately.",
    priceRoubles: 1100,
    data: "Trade offer from lootlane_cs_bot with 5 × Kilowatt Case Key, offer id 6843310275.",
    imageCount: 1,
  },
  {
    game: "Genshin Impact",
    subcategory: "Accounts",
    title: "AR 58 account with Raiden and Nahida C2",
    description:
      "Europe server, Adventure Rank 58, 28 five-star characters including Raiden Shogun C1 and Nahida C2 with signature weapons.",
    priceRoubles: 8990,
    data: "HoYoverse login: traveler.raiden58@gmail.com\nPassword: Ix4!oP9sDf\nUID: 712448093 (Europe). Mail password: Ws3#vK8q",
    imageCount: 2,
  },
  {
    game: "Genshin Impact",
    subcategory: "Accounts",
    title: "Starter reroll with Furina and 40 wishes",
    description:
      "Europe server, Adventure Rank 12, Furina from the first banner plus 40 saved wishes. Clean e-mail, bind it to yours.",
    priceRoubles: 790,
    data: "HoYoverse login: furina.start@mail.ru\nPassword: Nm7$eT2bXc\nUID: 715002877 (Europe).",
    imageCount: 1,
  },
  {
    game: "Genshin Impact",
    subcategory: "Genesis Crystals",
    title: "6480 Genesis Crystals by UID",
    description:
      "Top-up of 6,480 Genesis Crystals (first-purchase bonus counts). Only your UID and server are needed, no password.",
    priceRoubles: 7490,
    data: "Send your UID and server in the chat. Top-up is made from the official store within an hour; order code GI-6480-1187.",
    imageCount: 1,
  },
  {
    game: "Genshin Impact",
    subcategory: "Genesis Crystals",
    title: "Blessing of the Welkin Moon, 30 days",
    description: "Welkin Moon top-up by UID: 300 Genesis Crystals at once and 90 Primogems every day for 30 days.",
    priceRoubles: 390,
    data: "Send your UID and server in the chat. Welkin Moon is activated within an hour; order code GI-WLK-5520.",
    imageCount: 1,
  },
  {
    game: "Genshin Impact",
    subcategory: "Boosting",
    title: "Spiral Abyss 36 stars this cycle",
    description:
      "Full clear of floors 9 to 12 with all 36 stars on your account, done by a player with 30+ full-star cycles.",
    priceRoubles: 1490,
    data: "Order code GI-ABY-0912. Send your login in the chat; the clear is done within 24 hours.",
    imageCount: 1,
  },
  {
    game: "World of Warcraft",
    subcategory: "Gold",
    title: "100,000 gold, Silvermoon (EU), Horde",
    description:
      "Gold delivered by mail or face to face on Silvermoon, Horde side. Safe farming, no bots, delivery in 30 minutes.",
    priceRoubles: 2490,
    data: "Order code WOW-G100-4410. Write your character name in the chat; the gold is mailed from Goldhoof-Silvermoon.",
    imageCount: 1,
  },
  {
    game: "World of Warcraft",
    subcategory: "Gold",
    title: "250,000 gold, Draenor (EU), Alliance",
    description: "Large gold order for Draenor Alliance, split into several mails if needed. Delivery within an hour.",
    priceRoubles: 5790,
    data: "Order code WOW-G250-4471. Write your character name in the chat; the gold is mailed from Brightcoin-Draenor.",
    imageCount: 1,
  },
  {
    game: "World of Warcraft",
    subcategory: "Accounts",
    title: "Account with three level 80 characters",
    description:
      "Battle.net account with a Paladin, Mage and Hunter at level 80, 250 mounts and the current expansion. Original owner.",
    priceRoubles: 6900,
    data: "Battle.net login: azeroth.veteran@outlook.com\nPassword: Qa8!sD4fGh\nSecurity answer: Stormwind. Authenticator removed.",
    imageCount: 2,
  },
  {
    game: "World of Warcraft",
    subcategory: "Boosting",
    title: "Mythic+ 10 key carry with loot trader",
    description:
      "Four boosters from a top guild carry you through a +10 key of your choice. Self-play, you keep all the loot.",
    priceRoubles: 2300,
    data: "Order code WOW-MP10-3301. The group leader Vaelstrasz#2291 adds you at the agreed time.",
    imageCount: 1,
  },
  {
    game: "World of Warcraft",
    subcategory: "Game Time",
    title: "WoW 60-day game time code, EU",
    description: "Official 60-day game time code for European Battle.net accounts, delivered instantly in the chat.",
    priceRoubles: 2990,
    data: "Game time code: WX7Q-HF42-PL9D-KD3M-T8VB (EU). Redeem at battle.net/account/redeem.",
    imageCount: 1,
  },
  {
    game: "Minecraft",
    subcategory: "Accounts",
    title: "Minecraft Java & Bedrock with name change",
    description:
      "Microsoft account with Minecraft Java & Bedrock Edition. You can change the in-game name and the e-mail.",
    priceRoubles: 1690,
    data: "Microsoft login: blockbuilder.2291@outlook.com\nPassword: Mb6#rT1wVz\nRecovery code: 7KXQ-2HPD-MW84-JC3R-ZT6N",
    imageCount: 2,
  },
  {
    game: "Minecraft",
    subcategory: "Accounts",
    title: "Java account with Hypixel MVP+ rank",
    description: "Java Edition account with a permanent MVP+ rank on Hypixel, level 120 and a clean ban history.",
    priceRoubles: 4200,
    data: "Microsoft login: skyblock.master@outlook.com\nPassword: Hp3!yU8kLo\nRecovery code: P4WN-8QZR-XK2D-MF7T-HL9C",
    imageCount: 1,
  },
  {
    game: "Minecraft",
    subcategory: "Minecoins",
    title: "3500 Minecoins, Bedrock Marketplace",
    description: "3,500 Minecoins code for the Bedrock Marketplace on any platform: skins, worlds and texture packs.",
    priceRoubles: 1790,
    data: "Minecoins code: 3MC5-XK8Q-2PTD-HV7W-9RBL. Redeem in Minecraft: Settings → Account → Redeem code.",
    imageCount: 1,
  },
  {
    game: "Minecraft",
    subcategory: "Keys",
    title: "Minecraft Realms Plus, 30 days",
    description: "Official Realms Plus subscription code: a private server for 10 friends and 150+ Marketplace packs.",
    priceRoubles: 690,
    data: "Realms Plus code: RLM8-4KZT-QW2P-HX9D-7MCV. Redeem at minecraft.net/redeem.",
    imageCount: 1,
  },
  {
    game: "Fortnite",
    subcategory: "Accounts",
    title: "OG account with Renegade Raider",
    description:
      "Epic Games account from Season 1 with Renegade Raider, Black Knight and 240 outfits. Full access, e-mail changeable.",
    priceRoubles: 24900,
    data: "Epic login: og.raider.s1@gmail.com\nPassword: Fo9!kE4rTq\nMail password: Ry2#bN7x. 2FA disabled.",
    imageCount: 2,
  },
  {
    game: "Fortnite",
    subcategory: "Accounts",
    title: "Account with 80 skins and Battle Pass",
    description:
      "Epic Games account with 80 outfits, the current Battle Pass at tier 100 and 1,200 V-Bucks on balance.",
    priceRoubles: 2990,
    data: "Epic login: victory.royale.80@mail.ru\nPassword: Bp5$wQ8mZx\nMail password: Lu3!cV6t.",
    imageCount: 1,
  },
  {
    game: "Fortnite",
    subcategory: "V-Bucks",
    title: "2800 V-Bucks top-up, any platform",
    description: "2,800 V-Bucks added to your Epic Games account on PC, PlayStation, Xbox or Switch within an hour.",
    priceRoubles: 1590,
    data: "Order code FN-VB2800-6612. Send your Epic display name in the chat; the top-up is made through the official store.",
    imageCount: 1,
  },
  {
    game: "Fortnite",
    subcategory: "Skins",
    title: "Any item shop outfit as a gift",
    description:
      "Pick any outfit up to 1,500 V-Bucks from today's item shop and receive it as a gift. Friend request needed 48 hours before.",
    priceRoubles: 790,
    data: "Gift sender: LootlaneGifts (Epic). Add the friend, write the outfit name in the chat; the gift arrives after 48 hours.",
    imageCount: 1,
  },
  {
    game: "Valorant",
    subcategory: "Accounts",
    title: "Valorant Diamond 2 account with Reaver bundle",
    description:
      "EU account at Diamond 2 with the Reaver and Prime bundles, all agents unlocked. Never banned, full access.",
    priceRoubles: 7490,
    data: "Riot login: reaver_main_eu\nPassword: Vl7!pK3dWs\nE-mail: reaver.main.eu@gmail.com / Mail password: Zc8#qT5n",
    imageCount: 2,
  },
  {
    game: "Valorant",
    subcategory: "Accounts",
    title: "Level 20 Valorant account, ranked ready",
    description: "Unranked EU account at level 20, ready for competitive placements. Fresh e-mail, change it to yours.",
    priceRoubles: 590,
    data: "Riot login: ready_ranked_2044\nPassword: Rk4$mW9eYu\nE-mail: ready.ranked2044@yandex.ru / Mail password: Dq2!vH6b",
    imageCount: 1,
  },
  {
    game: "Valorant",
    subcategory: "Valorant Points",
    title: "Valorant Points 2050, EU gift card",
    description: "Official 2,050 Valorant Points prepaid code for EU accounts, delivered instantly in the chat.",
    priceRoubles: 1690,
    data: "Riot prepaid code: VP20-50EU-7XKQ-P4HD-M2TW. Redeem in the Valorant store → Prepaid cards & codes.",
    imageCount: 1,
  },
  {
    game: "Valorant",
    subcategory: "Boosting",
    title: "Rank boost Gold to Platinum",
    description:
      "Boost from any Gold rank to Platinum 1 by a Radiant player, with every match streamed privately to you.",
    priceRoubles: 3290,
    data: "Order code VAL-G2P-5018. Booster: Radiant #312. Stream link is sent in this chat before the first match.",
    imageCount: 1,
  },
  {
    game: "Valorant",
    subcategory: "Boosting",
    title: "Placement matches, 5 games",
    description: "Your five placement matches played by an Immortal player for the best possible starting rank.",
    priceRoubles: 1590,
    data: "Order code VAL-PLC-5102. Send your login and preferred agents in the chat.",
    imageCount: 1,
  },
];
