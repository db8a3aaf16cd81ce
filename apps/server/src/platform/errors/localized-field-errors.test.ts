import { errorResponseSchema, validationMessages } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { multipartForm } from "../../test/multipart.js";
import { textParts } from "../../test/test-catalog.js";
import { testPeople } from "../../test/test-people.js";

let t: TestApp;
const people = testPeople("fieldlang", () => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Language = "en" | "ru";

/** The `detail.errors` of a refused request, as a map from field to message. */
function fieldMessages(body: string): Record<string, string> {
  const { detail } = errorResponseSchema.parse(JSON.parse(body));
  expect(detail.error_code).toBe("VALIDATION_ERROR");
  return Object.fromEntries((detail.errors ?? []).map((error) => [error.field, error.message]));
}

async function signUpStepOne(language: Language): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/auth/send-verification-code",
    headers: { "accept-language": language },
    payload: { email: "nope", username: 12345 },
  });
  expect(response.statusCode).toBe(422);
  return fieldMessages(response.body);
}

describe("field messages of a JSON body", () => {
  it("are the contract's own messages in the request's language", async () => {
    expect((await signUpStepOne("en")).email).toBe(validationMessages.enterEmail.en);
    expect((await signUpStepOne("ru")).email).toBe(validationMessages.enterEmail.ru);
  });

  it("are zod's built-in messages in the request's language", async () => {
    expect((await signUpStepOne("en")).username).toBe("Invalid input: expected string, received number");
    expect((await signUpStepOne("ru")).username).toBe("Неверный ввод: ожидалось string, получено число");
  });

  it("carry a limit's number into Russian", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/send-verification-code",
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
      payload: { email: "someone@example.com", username: "ab" },
    });
    expect(fieldMessages(response.body).username).toBe("Не короче 3 символов");
  });

  it("follow the password rule of sign-up on a password reset, in both languages", async () => {
    const reset = (language: Language) =>
      t.app.inject({
        method: "POST",
        url: "/v1/auth/set-new-password",
        headers: { "accept-language": language },
        payload: { email: "someone@example.com", code: "123456", new_password: "Weakpass12" },
      });
    expect(fieldMessages((await reset("en")).body).new_password).toBe(validationMessages.passwordRule.en);
    expect(fieldMessages((await reset("ru")).body).new_password).toBe(validationMessages.passwordRule.ru);
  });
});

describe("field messages of a multipart form", () => {
  async function createProduct(language: Language): Promise<Record<string, string>> {
    const seller = await people.person();
    const form = multipartForm(textParts({ title: "short", description: "A description long enough", price: 100 }));
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/products/",
      payload: form.payload,
      headers: {
        ...form.headers,
        "accept-language": language,
        cookie: `access_token=${seller.client.cookie("access_token")}`,
      },
    });
    expect(response.statusCode).toBe(422);
    return fieldMessages(response.body);
  }

  it("are the contract's messages in the request's language", async () => {
    const english = await createProduct("en");
    const russian = await createProduct("ru");
    expect(english.title).toBe("At least 10 characters");
    expect(russian.title).toBe("Не короче 10 символов");
    expect(english.category_id).toBe(validationMessages.chooseCategory.en);
    expect(russian.category_id).toBe(validationMessages.chooseCategory.ru);
  });
});
