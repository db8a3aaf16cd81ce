import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  localizedIssueMessage,
  translateValidationMessage,
  validationMessage,
  validationMessages,
} from "./validation-messages.js";

/** The numbers and words a message is built with, each once; a word form names the number it counts. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[:}]/g)].map((match) => match[1]))].sort();

describe("the catalogue of validation messages", () => {
  for (const [key, message] of Object.entries(validationMessages)) {
    it(`has ${key} in English and Russian with the same placeholders`, () => {
      expect(message.en.trim()).not.toBe("");
      expect(message.ru.trim()).not.toBe("");
      expect(message.ru).not.toBe(message.en);
      expect(message.ru).toMatch(/[а-яё]/i);
      expect(placeholders(message.ru)).toEqual(placeholders(message.en));
    });
  }

  it("translates every English message to its Russian one", () => {
    for (const message of Object.values(validationMessages)) {
      // 7 takes the English "other" form (the last) and the Russian "many" form (the third).
      const filled = (text: string, form: number) =>
        text.replace(/\{(\w+)\}/g, "7").replace(/\{\w+:([^}]+)\}/g, (_, forms: string) => forms.split("|")[form]!);
      expect(translateValidationMessage(filled(message.en, 1), "ru")).toBe(filled(message.ru, 2));
    }
  });

  it("counts in each language's plural forms", () => {
    expect(translateValidationMessage("At most 1 character", "ru")).toBe("Не длиннее 1 символа");
    expect(translateValidationMessage("At most 21 characters", "ru")).toBe("Не длиннее 21 символа");
    expect(translateValidationMessage("At most 3 characters", "ru")).toBe("Не длиннее 3 символов");
    expect(translateValidationMessage("At least 11 days", "ru")).toBe("Не меньше 11 дней");
    expect(translateValidationMessage("At least 1 day", "ru")).toBe("Не меньше 1 дня");
    expect(translateValidationMessage("At most 1 unit at a time", "ru")).toBe("Не больше 1 единицы за раз");
    expect(validationMessage("atLeastCharacters", { min: 1 })).toBe("At least 1 character");
    expect(validationMessage("atLeastCharacters", { min: 3 })).toBe("At least 3 characters");
  });

  it("leaves a message it does not know as it is", () => {
    expect(translateValidationMessage("Something else entirely", "ru")).toBe("Something else entirely");
  });
});

describe("an issue's message", () => {
  const issueOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value, { reportInput: true }).error!.issues[0]!;

  it("is zod's own text in either language when the schema gave none", () => {
    const issue = issueOf(z.object({ age: z.number() }), { age: "old" });
    expect(localizedIssueMessage(issue, "en")).toBe("Invalid input: expected number, received string");
    expect(localizedIssueMessage(issue, "ru")).toMatch(/^Неверный ввод/);
  });

  it("is the schema's catalogued text in either language", () => {
    const issue = issueOf(z.string().max(5, "At most 5 characters"), "too long");
    expect(localizedIssueMessage(issue, "en")).toBe("At most 5 characters");
    expect(localizedIssueMessage(issue, "ru")).toBe("Не длиннее 5 символов");
  });
});

describe("the contract's schemas", () => {
  /** Field messages the schemas write: the second argument of a check, or a `message`/`error` property. */
  const MESSAGE_IN_SOURCE =
    /\.(?:min|max|int|positive|nonnegative|regex|refine|length|uuid|number)\((?:[^"`()]|\([^()]*\))*?,?\s*("[^"]+"|`[^`]+`)\)|(?:message|error): ("[^"]+"|`[^`]+`)|refuse\(("[^"]+"|`[^`]+`)\)/g;

  it("write only messages the catalogue has in Russian", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const root = new URL("..", import.meta.url);
    const files = (await readdir(root, { recursive: true })).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    const missing: string[] = [];
    for (const file of files) {
      const source = await readFile(new URL(file, root), "utf8");
      for (const match of source.matchAll(MESSAGE_IN_SOURCE)) {
        const literal = (match[1] ?? match[2] ?? match[3] ?? "").slice(1, -1);
        // Interpolated numbers and words stand in for the catalogue's placeholders.
        const message = literal.replace(/\$\{[^}]+\}/g, "7");
        if (
          /^[A-Z]/.test(message) &&
          !/^[A-Z_]+$/.test(message) &&
          translateValidationMessage(message, "ru") === message
        )
          missing.push(`${file}: ${message}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
