import { createServer } from "node:http";
import { createSellerBot } from "./bot.js";

/** `npm start`: the bot on PORT, configured from the environment (README.md). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
}

const bot = createSellerBot({
  baseUrl: required("LOOTLANE_URL"),
  token: required("LOOTLANE_TOKEN"),
  webhookSecret: required("LOOTLANE_WEBHOOK_SECRET"),
  stock: (process.env.BOT_STOCK ?? "").split("\n").filter((line) => line.trim() !== ""),
  reply: () => "Thanks for your message! The seller's bot got it; a person will answer soon too.",
});
const port = Number(process.env.PORT ?? 8787);
createServer((request, response) => void bot.handle(request, response)).listen(port, () =>
  console.log(`Seller bot listening on http://localhost:${port}`),
);
