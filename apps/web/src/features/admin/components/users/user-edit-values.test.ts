import { describe, expect, it } from "vitest";
import { BALANCE_MAX } from "@lootlane/contract";
import { makeUser } from "@/test/render-app";
import { changedFields, toEditValues, userEditRules } from "./user-edit-values";

const user = makeUser({ email: "mira@example.com", description: "Rare items", balance: 0.3, rating: 4 });

describe("changedFields", () => {
  it("is empty for the values the user was loaded with", () => {
    expect(changedFields(user, toEditValues(user))).toEqual({});
  });

  it("ignores surrounding blanks, the e-mail's case and float noise in the balance", () => {
    const values = {
      ...toEditValues(user),
      email: " MIRA@example.com ",
      description: "Rare items  ",
      balance: 0.1 + 0.2,
    };
    expect(changedFields(user, values)).toEqual({});
  });

  it("sends an emptied description as null and a balance in whole kopecks", () => {
    const values = { ...toEditValues(user), description: "   ", balance: "12.50" };
    expect(changedFields(user, values)).toEqual({ description: null, balance: 12.5 });
  });

  it("does not send a description the user never had", () => {
    const none = makeUser({ description: null });
    expect(changedFields(none, toEditValues(none))).toEqual({});
  });
});

describe("userEditRules", () => {
  it.each([
    ["ab", "usernameLength"],
    ["a".repeat(17), "usernameLength"],
    ["mira sells", "usernamePattern"],
    // Every name valid at sign-up passes: 3 and 16 characters included.
    ["abc", null],
    ["abcd", null],
    ["a".repeat(16), null],
    ["mira_sells", null],
  ])("username %s → %s", (value, error) => {
    expect(userEditRules.username(value)).toBe(error);
  });

  it("refuses renaming to a name that passes for staff, but lets an account keep the name it has", () => {
    expect(userEditRules.username("Supp0rt", "mira_sells")).toBe("usernameReserved");
    expect(userEditRules.username("admin", "admin")).toBeNull();
  });

  it("refuses an e-mail with invisible characters", () => {
    expect(userEditRules.email("mira\u200d@example.com")).toBe("emailInvalid");
    expect(userEditRules.email("mira@example.com")).toBeNull();
  });

  it("refuses a description over 500 characters", () => {
    expect(userEditRules.description("x".repeat(501))).toBe("descriptionTooLong");
    expect(userEditRules.description("x".repeat(500))).toBeNull();
  });

  it.each([
    ["", "balanceRequired"],
    [-0.01, "balanceNegativeError"],
    [1.234, "balanceDecimalsError"],
    [BALANCE_MAX + 1, "balanceTooLarge"],
    [0, null],
    [10.25, null],
    [BALANCE_MAX, null],
  ])("balance %s → %s", (value, error) => {
    expect(userEditRules.balance(value)).toBe(error);
  });
});

describe("the rating", () => {
  it("is never sent: it follows from reviews", () => {
    const rated = makeUser({ rating: 4.5 });
    expect(changedFields(rated, { ...toEditValues(rated), is_banned: true })).toEqual({ is_banned: true });
  });
});
