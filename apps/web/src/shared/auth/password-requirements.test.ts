import { describe, expect, it } from "vitest";
import { isStrongPassword } from "@lootlane/contract";
import { passwordRequirements } from "./password-requirements";

const allMet = (password: string) => passwordRequirements.every(({ isMet }) => isMet(password));

describe("password requirements", () => {
  it.each([
    "Str0ng!pass",
    "aB3$aaaa",
    "short1A!",
    "nouppercase1!",
    "NOLOWERCASE1!",
    "NoDigits!!",
    "NoSpecial123",
    "Sev3n!a",
    "",
    "Пароль1!Aa",
  ])("agree with the contract's rule for %j", (password) => {
    expect(allMet(password)).toBe(isStrongPassword(password));
  });

  it("name the one requirement a password misses", () => {
    const missing = passwordRequirements.filter(({ isMet }) => !isMet("NoSpecial123")).map(({ key }) => key);

    expect(missing).toEqual(["special"]);
  });
});
