import { describe, expect, it } from "vitest";
import { i18n } from "./i18n";

function languageCookie(): string | undefined {
  return document.cookie.split("; ").find((cookie) => cookie.startsWith("user-language="));
}

describe("the user-language cookie", () => {
  it("holds the language detected at start", () => {
    expect(languageCookie()).toBe("user-language=en");
  });

  it("follows the interface language when it changes", async () => {
    await i18n.changeLanguage("ru");
    try {
      expect(languageCookie()).toBe("user-language=ru");
    } finally {
      await i18n.changeLanguage("en");
    }
    expect(languageCookie()).toBe("user-language=en");
  });
});
