import { describe, expect, it } from "vitest";
import {
  checkEmail,
  checkNewPassword,
  checkRepeat,
  checkResetCode,
  checkSignInPassword,
  checkSignUpCode,
  checkUsername,
} from "./validation";

describe("auth validation (SPEC §5)", () => {
  it("requires an e-mail of the form text@text.text", () => {
    expect(checkEmail("  ")).toBe("emailRequired");
    expect(checkEmail("mira@example")).toBe("emailInvalid");
    expect(checkEmail("mira@example.com")).toBeNull();
    expect(checkEmail(" Mira@Example.com ")).toBeNull();
  });

  it("asks only for 8 characters at sign-in", () => {
    expect(checkSignInPassword("")).toBe("passwordRequired");
    expect(checkSignInPassword("1234567")).toBe("passwordMinLength");
    expect(checkSignInPassword("12345678")).toBeNull();
  });

  it("requires the strong rule for a new password", () => {
    expect(checkNewPassword("Ab1!")).toBe("passwordMinLength");
    expect(checkNewPassword("abcdefgh1!")).toBe("passwordWeak");
    expect(checkNewPassword("Abcdefg1!")).toBeNull();
  });

  it("accepts 3 to 16 English letters, digits and underscores as a username", () => {
    expect(checkUsername("")).toBe("usernameRequired");
    expect(checkUsername("ab")).toBe("usernameLength");
    expect(checkUsername("a".repeat(17))).toBe("usernameLength");
    expect(checkUsername("mira-dev")).toBe("usernameChars");
    expect(checkUsername("мира_1")).toBe("usernameChars");
    expect(checkUsername("abc")).toBeNull();
    expect(checkUsername("Mira_2025_pro_16")).toBeNull();
  });

  it("refuses e-mails with invisible characters and usernames that pass for staff", () => {
    expect(checkEmail("mira\u200b@example.com")).toBe("emailInvalid");
    expect(checkEmail("\u202emira@example.com")).toBe("emailInvalid");
    expect(checkUsername("Adm1n")).toBe("usernameReserved");
    expect(checkUsername("lootlane_support")).toBe("usernameReserved");
    expect(checkUsername("badminton")).toBeNull();
  });

  it("requires exactly six digits of a code, under each flow's own message", () => {
    expect(checkSignUpCode("12345")).toBe("invalidCode");
    expect(checkSignUpCode("123456")).toBeNull();
    expect(checkResetCode("")).toBe("codeRequired");
    expect(checkResetCode("654321")).toBeNull();
  });

  it("requires the repeat to match", () => {
    expect(checkRepeat("Abcdefg1!", "Abcdefg1?", "passwordsMismatch")).toBe("passwordsMismatch");
    expect(checkRepeat("x", "y", "passwordsDoNotMatch")).toBe("passwordsDoNotMatch");
    expect(checkRepeat("Abcdefg1!", "Abcdefg1!", "passwordsMismatch")).toBeNull();
  });
});
