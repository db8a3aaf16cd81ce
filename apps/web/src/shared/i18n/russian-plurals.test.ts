import { PASSWORD_SPECIALS } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { i18n } from "./i18n";

/** Counts that take each Russian plural form: один, два, пять, and twenty-one (one again). */
const COUNTS = [1, 2, 5, 21] as const;

describe("Russian counts", () => {
  it.each([
    [
      "common",
      "passwordRules.length",
      ["не меньше 1 символа", "не меньше 2 символов", "не меньше 5 символов", "не меньше 21 символа"],
    ],
    [
      "reports",
      "detailsRequired",
      [
        "Опишите проблему хотя бы в 1 символе",
        "Опишите проблему хотя бы в 2 символах",
        "Опишите проблему хотя бы в 5 символах",
        "Опишите проблему хотя бы в 21 символе",
      ],
    ],
    [
      "auth",
      "validation.passwordMinLength",
      [
        "Пароль должен быть не короче 1 символа",
        "Пароль должен быть не короче 2 символов",
        "Пароль должен быть не короче 5 символов",
        "Пароль должен быть не короче 21 символа",
      ],
    ],
    [
      "reports",
      "detailsHint",
      [
        "Необязательно; до 1 символа.",
        "Необязательно; до 2 символов.",
        "Необязательно; до 5 символов.",
        "Необязательно; до 21 символа.",
      ],
    ],
  ] as const)("%s:%s agrees with 1, 2, 5 and 21", (namespace, key, expected) => {
    const t = i18n.getFixedT("ru", namespace);
    expect(COUNTS.map((count) => t(key, { count, specials: PASSWORD_SPECIALS }))).toEqual(expected);
  });

  it("name the password rule of a reset with the right form", () => {
    const t = i18n.getFixedT("ru", "auth");
    const hint = (count: number) => t("passwordReset.newPasswordHint", { count, specials: PASSWORD_SPECIALS });
    expect(COUNTS.map(hint).map((text) => text.match(/не короче \d+ \S+/)?.[0])).toEqual([
      "не короче 1 символа,",
      "не короче 2 символов,",
      "не короче 5 символов,",
      "не короче 21 символа,",
    ]);
  });
});
