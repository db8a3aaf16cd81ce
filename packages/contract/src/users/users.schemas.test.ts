import { describe, expect, it } from "vitest";
import { adminUpdateUserRequestSchema } from "../admin/admin.schemas.js";
import { sendVerificationCodeRequestSchema } from "../auth/auth.schemas.js";
import { errorText } from "../errors/error-catalogue.js";
import { emailSchema, usernameSchema } from "./users.schemas.js";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("e-mail rule", () => {
  it.each([
    ["zero-width space", "ali\u200Bce@example.com"],
    ["zero-width joiner", "alice\u200D@example.com"],
    ["byte order mark inside", "alice@exa\uFEFFmple.com"],
    ["right-to-left override", "alice@\u202Eelpmaxe.com"],
    ["left-to-right isolate", "\u2066alice@example.com"],
    ["soft hyphen", "al\u00ADice@example.com"],
    ["Hangul filler", "alice\u3164@example.com"],
  ])("refuses an address with a %s, naming the catalogue's text", (_, email) => {
    expect(messagesOf(emailSchema.safeParse(email))).toContain(errorText("EMAIL_INVISIBLE_CHARACTERS", "en"));
  });

  it("still takes an ordinary address, lower-cased", () => {
    expect(emailSchema.parse(" Alice.Smith+shop@Example.com ")).toBe("alice.smith+shop@example.com");
  });
});

describe("username rule", () => {
  it.each([
    "admin",
    "Admin",
    "ADMIN",
    "adm1n",
    "4dmin",
    "a_d_m_i_n",
    "admin_",
    "admin1",
    "administrator",
    "support",
    "supp0rt",
    "Support_Team",
    "lootlane",
    "L00TLANE",
    "l00t_1ane",
    "lootlane_support",
    "system",
    "5y5tem",
    "moderator",
    "m0d3rat0r",
  ])("refuses the official-looking %s", (username) => {
    expect(messagesOf(usernameSchema.safeParse(username))).toEqual([errorText("USERNAME_NOT_ALLOWED", "en")]);
  });

  it.each(["\u0430dmin", "supp\u043Ert", "m\u043Ederator"])(
    "refuses %s, official-looking with Cyrillic letters",
    (username) => {
      expect(messagesOf(usernameSchema.safeParse(username))).toContain(errorText("USERNAME_NOT_ALLOWED", "en"));
    },
  );

  it.each(["badminton", "admin_fan_club", "sysop", "lootbox", "moderate", "supporter", "u_1a2b3c4d5e"])(
    "takes the ordinary %s",
    (username) => {
      expect(usernameSchema.safeParse(username).success).toBe(true);
    },
  );

  it("applies at sign-up and in the admin's edit", () => {
    const signUp = sendVerificationCodeRequestSchema.safeParse({ email: "a@example.com", username: "Supp0rt" });
    expect(signUp.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["username"], message: errorText("USERNAME_NOT_ALLOWED", "en") },
    ]);
    expect(adminUpdateUserRequestSchema.safeParse({ username: "m0derator" }).success).toBe(false);
    // An edit that does not touch the username (the seed's admin keeps "admin") is fine.
    expect(adminUpdateUserRequestSchema.safeParse({ description: "Runs the shop" }).success).toBe(true);
  });
});
