import { gamePageSchema, type GamePage } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** GET /games/{gameSlug}: the game, its kinds of goods and how many listings each has on sale. */
export async function getGamePage(gameSlug: string): Promise<GamePage> {
  return gamePageSchema.parse(await api.get(`games/${encodeURIComponent(gameSlug)}`).json());
}
