import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const mira = makeUser({
  id: "00000000-0000-4000-8000-000000000002",
  username: "mira_sells",
  email: "mira@example.com",
  balance: 1500.5,
  rating: 4.5,
  description: "Rare Dota 2 items",
  created_at: "2025-01-15T10:00:00.000Z",
});
const path = `/admin/users/edit/${mira.id}`;
const userRoute = `GET admin/user/${mira.id}`;
const patchRoute = `PATCH admin/user/${mira.id}`;

function field(name: string) {
  return screen.getByRole("textbox", { name });
}

async function openForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    [userRoute]: { body: mira },
    "GET admin/users": { body: { users: [mira], page: 1, total_pages: 1, total: 1 } },
    ...routes,
  });
  const app = renderApp(path, { user: root, history: ["/admin/users"] });
  await screen.findByDisplayValue("mira@example.com");
  return { ...app, api };
}

// Typing into fields takes seconds on a machine busy with other work.
describe("admin edit user", { timeout: 15_000 }, () => {
  it("shows the user's fields, the description counter and the read-only date and id", async () => {
    await openForm();

    expect(screen.getByRole("heading", { level: 1, name: "Edit user" })).toBeInTheDocument();
    expect(field("E-mail")).toHaveValue("mira@example.com");
    expect(field("Username")).toHaveValue("mira_sells");
    expect(field("Username")).toHaveAttribute("maxLength", "16");
    expect(field("Description")).toHaveValue("Rare Dota 2 items");
    expect(screen.getByText("17/500")).toBeInTheDocument();
    expect(field("Avatar URL")).toHaveValue("");
    // Two decimals, as balances are shown everywhere.
    expect(field("Balance")).toHaveValue("1500.50");
    // The rating follows from reviews: shown to one decimal, never an input.
    expect(screen.getByText("4,5")).toBeInTheDocument();
    expect(screen.getByText("follows from reviews")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Rating" })).not.toBeInTheDocument();
    expect(screen.queryByRole("spinbutton", { name: "Rating" })).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Active" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Banned" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Frozen balance" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "User" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Admin" })).not.toBeChecked();
    expect(field("Member since")).toHaveValue("15.01.2025");
    expect(field("Member since")).toHaveAttribute("readonly");
    expect(field("User ID")).toHaveValue(mira.id);
    expect(field("User ID")).toHaveAttribute("readonly");
  });

  it("links to the user's deals and to what admins did to them", async () => {
    await openForm();
    const page = within(screen.getByRole("main"));

    expect(page.getByRole("link", { name: "Deals" })).toHaveAttribute("href", `/admin/deals?user=${mira.id}`);
    expect(page.getByRole("link", { name: "Audit log" })).toHaveAttribute(
      "href",
      `/admin/audit-log?target_type=user&target_id=${mira.id}`,
    );
  });

  it("counts the description as it is typed", async () => {
    const { events } = await openForm();

    await events.type(field("Description"), "!");

    expect(screen.getByText("18/500")).toBeInTheDocument();
  });

  it("explains each invalid field and sends nothing", async () => {
    const { events, api } = await openForm();

    await events.clear(field("E-mail"));
    await events.type(field("E-mail"), "mira@");
    await events.clear(field("Username"));
    await events.type(field("Username"), "mi");
    await events.clear(field("Balance"));
    await events.type(field("Balance"), "-5");
    await events.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Enter a valid e-mail address")).toBeInTheDocument();
    expect(screen.getByText("The username needs 3 to 16 characters")).toBeInTheDocument();
    expect(screen.getByText("The balance cannot be negative")).toBeInTheDocument();
    expect(field("Balance")).toHaveAccessibleDescription("The balance cannot be negative");

    await events.clear(field("Username"));
    await events.type(field("Username"), "mira sells");
    await events.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Only English letters, digits and underscore")).toBeInTheDocument();
    expect(api.bodiesOf(patchRoute)).toEqual([]);
  });

  // Typing four fields and the real 1.5 s pause outlast the default 5 s on a busy machine.
  it("sends only the changed fields, says 'Saved sucessfully' and returns to the list 1.5 s later", async () => {
    const saved = {
      ...mira,
      description: "Skins and keys",
      has_frozen_balance: true,
      role: "admin" as const,
      balance: 20,
    };
    const { events, api, router } = await openForm({ [patchRoute]: { body: saved } });

    await events.clear(field("Description"));
    await events.type(field("Description"), "Skins and keys");
    await events.clear(field("Balance"));
    await events.type(field("Balance"), "20");
    await events.click(screen.getByRole("checkbox", { name: "Frozen balance" }));
    await events.click(screen.getByRole("radio", { name: "Admin" }));
    await events.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Saved sucessfully")).toBeInTheDocument();
    expect(api.bodiesOf(patchRoute)).toEqual([
      { description: "Skins and keys", balance: 20, has_frozen_balance: true, role: "admin" },
    ]);
    // Still on the form: the admin has a moment to read the confirmation.
    expect(router.state.location.pathname).toBe(path);

    // The list's screen is a lazy chunk that may still compile on its first visit in this file.
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/users"), { timeout: 5000 });
    expect(await screen.findByRole("heading", { level: 1, name: "Users" }, { timeout: 5000 })).toBeInTheDocument();
  }, 15_000);

  it.each([
    ["a 3-character name", "ab3"],
    ["a 16-character name", "sixteen_chars_16"],
  ])("bans and freezes a 4.5-rated user with %s without touching the rating", async (_, username) => {
    const user = { ...mira, username };
    const api = stubApi({
      [userRoute]: { body: user },
      [patchRoute]: { body: { ...user, is_banned: true, has_frozen_balance: true } },
      "GET admin/users": { body: { users: [user], page: 1, total_pages: 1, total: 1 } },
    });
    const { events } = renderApp(path, { user: root, history: ["/admin/users"] });
    await screen.findByDisplayValue(username);

    await events.click(screen.getByRole("checkbox", { name: "Banned" }));
    await events.click(screen.getByRole("checkbox", { name: "Frozen balance" }));
    await events.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Saved sucessfully")).toBeInTheDocument();
    expect(api.bodiesOf(patchRoute)).toEqual([{ is_banned: true, has_frozen_balance: true }]);
  });

  it("renames to a 3-character name, valid at sign-up", async () => {
    const { events, api } = await openForm({ [patchRoute]: { body: { ...mira, username: "abc" } } });

    await events.clear(field("Username"));
    await events.type(field("Username"), "abc");
    await events.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Saved sucessfully")).toBeInTheDocument();
    expect(api.bodiesOf(patchRoute)).toEqual([{ username: "abc" }]);
  });

  it("shows the server's refusal of a field next to it", async () => {
    const { events } = await openForm({
      [patchRoute]: refusal(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
        { field: "balance", message: "At most 1000000000 ₽" },
      ]),
    });

    await events.clear(field("Balance"));
    await events.type(field("Balance"), "20");
    await events.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(field("Balance")).toHaveAccessibleDescription("At most 1000000000 ₽"));
  });

  it("shows errorSaving with the server's reason, translated, and stays on the form", async () => {
    const { events, router } = await openForm({
      [patchRoute]: refusal(409, "USERNAME_ALREADY_EXISTS", "Username already exists"),
    });

    await events.clear(field("Username"));
    await events.type(field("Username"), "alex_trade");
    await events.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not save the changes");
    expect(alert).toHaveTextContent("This username is taken");
    expect(screen.queryByText("Saved sucessfully")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(field("Username")).toHaveValue("alex_trade");
  });

  it("goes back to the list on Cancel without saving", async () => {
    const { events, api, router } = await openForm();

    await events.type(field("Description"), " more");
    await events.click(screen.getByRole("link", { name: "Cancel" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/users"));
    expect(api.bodiesOf(patchRoute)).toEqual([]);
  });

  it("shows errorLoading when the user cannot be loaded", async () => {
    stubApi({ [userRoute]: refusal(404, "USER_NOT_FOUND", "User not found") });
    renderApp(path, { user: root });

    expect(await screen.findByText("Could not load the user")).toBeInTheDocument();
    expect(screen.getByText("User not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to users" })).toHaveAttribute("href", "/admin/users");
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });

  it("flags reviews the user received from accounts linked to theirs, which the rating leaves out", async () => {
    await openForm({ [userRoute]: { body: { ...mira, linked_account_reviews: 2 } } });

    expect(screen.getByText("Reviews from linked accounts: 2")).toBeInTheDocument();
    expect(screen.getByText(/signed in from this user's address or device/)).toBeInTheDocument();
  });

  it("shows no flag for a user without such reviews", async () => {
    await openForm({ [userRoute]: { body: { ...mira, linked_account_reviews: 0 } } });

    expect(screen.queryByText(/Reviews from linked accounts/)).not.toBeInTheDocument();
  });

  it("flags linked-account reviews in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      await openForm({ [userRoute]: { body: { ...mira, linked_account_reviews: 3 } } });
      expect(screen.getByText("Отзывы от связанных аккаунтов: 3")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const { events } = await openForm({
        [patchRoute]: refusal(409, "EMAIL_ALREADY_EXISTS", "E-mail already exists"),
      });

      expect(screen.getByRole("heading", { level: 1, name: "Редактирование пользователя" })).toBeInTheDocument();
      expect(screen.getByRole("checkbox", { name: "Баланс заморожен" })).toBeInTheDocument();
      expect(screen.getByRole("radio", { name: "Администратор" })).toBeInTheDocument();

      expect(screen.getByText("складывается из отзывов")).toBeInTheDocument();

      await events.clear(field("Имя пользователя"));
      await events.type(field("Имя пользователя"), "mi");
      await events.click(screen.getByRole("button", { name: "Сохранить" }));
      expect(await screen.findByText("Имя пользователя — от 3 до 16 символов")).toBeInTheDocument();

      await events.clear(field("Имя пользователя"));
      await events.type(field("Имя пользователя"), "mira_sells");
      await events.click(screen.getByRole("checkbox", { name: "Заблокирован" }));
      await events.click(screen.getByRole("button", { name: "Сохранить" }));
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Не удалось сохранить изменения");
      expect(alert).toHaveTextContent("Этот e-mail уже зарегистрирован");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
