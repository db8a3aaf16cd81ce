import { describe, expect, it } from "vitest";
import { slugify } from "./slug.js";

describe("slugify", () => {
  it.each([
    ["Dota 2", "dota-2"],
    ["Counter-Strike 2", "counter-strike-2"],
    ["  World of Warcraft!  ", "world-of-warcraft"],
    ["Аккаунты", "akkaunty"],
    ["Игровая валюта", "igrovaya-valyuta"],
    ["Ключи и подписки", "klyuchi-i-podpiski"],
    ["Щит Ёжика", "shchit-ezhika"],
    ["Объявления", "obyavleniya"],
    ["Pokémon Café", "pokemon-cafe"],
    ["Items & Skins", "items-skins"],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("keeps slugs short and never ends them with a dash", () => {
    const slug = slugify(`${"a".repeat(79)} tail`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).not.toMatch(/-$/);
  });

  it("gives names without Latin or Cyrillic letters a stable non-empty slug", () => {
    expect(slugify("原神")).toMatch(/^c-[0-9a-f]{8}$/);
    expect(slugify("原神")).toBe(slugify("原神"));
    expect(slugify("原神")).not.toBe(slugify("!!!"));
  });
});
