import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminUserPage, User } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";

const root = makeUser({
  id: "00000000-0000-4000-8000-000000000001",
  username: "root",
  email: "root@example.com",
  role: "admin",
});
const mira = makeUser({
  id: "00000000-0000-4000-8000-000000000002",
  username: "mira",
  email: "mira@example.com",
  balance: 1500.5,
  has_frozen_balance: true,
  avatar_url: "/media/avatars/mira.png",
  description: "Rare Dota 2 items",
  created_at: "2025-01-15T10:00:00.000Z",
  rating: 4,
});
const alex = makeUser({
  id: "00000000-0000-4000-8000-000000000003",
  username: "alex",
  email: "alex@example.com",
  balance: 0,
  is_active: false,
  rating: 0,
});
const bob = makeUser({
  id: "00000000-0000-4000-8000-000000000004",
  username: "bob",
  email: "bob@example.com",
  is_banned: true,
});

function userPage(users: User[], page = 1, totalPages = 1, total = users.length): AdminUserPage {
  return { users, page, total_pages: totalPages, total };
}

function row(username: string) {
  return screen.getByRole("listitem", { name: username });
}

describe("admin users", () => {
  it("shows each user's avatar, name, badges, e-mail, balance, date, description and rating, with the total", async () => {
    stubApi({ "GET admin/users": { body: userPage([root, mira, alex, bob]) } });
    renderApp("/admin/users", { user: root });

    expect(await screen.findByText("4 users")).toBeInTheDocument();
    const miraRow = within(row("mira"));
    expect(miraRow.getByRole("img", { name: "Avatar of mira" })).toHaveAttribute("src", "/media/avatars/mira.png");
    expect(miraRow.getByText("Active")).toBeInTheDocument();
    expect(miraRow.getByText("User")).toBeInTheDocument();
    expect(miraRow.getByText("mira@example.com")).toBeInTheDocument();
    expect(miraRow.getByText("1 500,50 ₽")).toBeInTheDocument();
    expect(miraRow.getByText("Frozen")).toBeInTheDocument();
    expect(miraRow.getByText("15.01.2025")).toBeInTheDocument();
    expect(miraRow.getByText("Rare Dota 2 items")).toBeInTheDocument();
    expect(miraRow.getByText("4,0")).toBeInTheDocument();
    expect(miraRow.getByRole("link", { name: "Profile of mira" })).toHaveAttribute("href", "/profile/mira");

    const alexRow = within(row("alex"));
    expect(alexRow.getByText("Not active")).toBeInTheDocument();
    expect(alexRow.getByText("0,00 ₽")).toBeInTheDocument();
    expect(alexRow.queryByText("Frozen")).not.toBeInTheDocument();
    expect(alexRow.getByText("No description")).toBeInTheDocument();
    // No avatar: the first letter of the name instead.
    expect(alexRow.queryByRole("img")).not.toBeInTheDocument();
    expect(alexRow.getByTitle("Avatar of alex")).toHaveTextContent("A");

    expect(within(row("root")).getByText("Admin")).toBeInTheDocument();
    expect(within(row("bob")).getByText("Banned")).toBeInTheDocument();
    expect(queriesOf("admin/users")).toEqual([{ page: "1", per_page: "20" }]);
  });

  it("hides Ban for admins and banned users, and offers Unban to banned ones", async () => {
    stubApi({ "GET admin/users": { body: userPage([root, mira, bob]) } });
    renderApp("/admin/users", { user: root });

    await screen.findByText("3 users");
    expect(within(row("mira")).getByRole("button", { name: "Ban mira" })).toBeInTheDocument();
    expect(within(row("mira")).queryByRole("button", { name: /Unban/ })).not.toBeInTheDocument();
    expect(within(row("root")).queryByRole("button", { name: /Ban/ })).not.toBeInTheDocument();
    expect(within(row("bob")).queryByRole("button", { name: "Ban bob" })).not.toBeInTheDocument();
    expect(within(row("bob")).getByRole("button", { name: "Unban bob" })).toBeInTheDocument();
  });

  it("bans after confirmation, then shows the refreshed list", async () => {
    const api = stubApi({
      "GET admin/users": [{ body: userPage([mira, alex]) }, { body: userPage([mira, { ...alex, is_banned: true }]) }],
      "POST admin/ban-user": { body: {} },
    });
    const { events } = renderApp("/admin/users", { user: root });

    await events.click(await screen.findByRole("button", { name: "Ban alex" }));
    let dialog = screen.getByRole("dialog", { name: "Ban alex?" });
    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodiesOf("POST admin/ban-user")).toEqual([]);

    await events.click(screen.getByRole("button", { name: "Ban alex" }));
    dialog = screen.getByRole("dialog", { name: "Ban alex?" });
    await events.click(within(dialog).getByRole("button", { name: "Ban" }));

    expect(await screen.findByText("alex is banned")).toBeInTheDocument();
    expect(api.bodiesOf("POST admin/ban-user")).toEqual([{ id: alex.id }]);
    await waitFor(() => expect(within(row("alex")).getByText("Banned")).toBeInTheDocument());
    expect(within(row("alex")).queryByRole("button", { name: "Ban alex" })).not.toBeInTheDocument();
    expect(within(row("alex")).getByRole("button", { name: "Unban alex" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the reason when the ban is refused", async () => {
    stubApi({
      "GET admin/users": { body: userPage([mira]) },
      "POST admin/ban-user": refusal(403, "INSUFFICIENT_PERMISSIONS", "Not allowed"),
    });
    const { events } = renderApp("/admin/users", { user: root });

    await events.click(await screen.findByRole("button", { name: "Ban mira" }));
    const dialog = screen.getByRole("dialog", { name: "Ban mira?" });
    await events.click(within(dialog).getByRole("button", { name: "Ban" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You do not have permission to do this");
    expect(within(row("mira")).getByText("Active")).toBeInTheDocument();
  });

  it("unbans after confirmation with the user's id as user_id", async () => {
    const api = stubApi({
      "GET admin/users": [{ body: userPage([bob]) }, { body: userPage([{ ...bob, is_banned: false }]) }],
      "POST admin/unban-user": { body: true },
    });
    const { events } = renderApp("/admin/users", { user: root });

    await events.click(await screen.findByRole("button", { name: "Unban bob" }));
    await events.click(
      within(screen.getByRole("dialog", { name: "Unban bob?" })).getByRole("button", { name: "Unban" }),
    );

    expect(await screen.findByText("bob is no longer banned")).toBeInTheDocument();
    expect(api.bodiesOf("POST admin/unban-user")).toEqual([{ user_id: bob.id }]);
    await waitFor(() => expect(within(row("bob")).getByText("Active")).toBeInTheDocument());
    expect(within(row("bob")).getByRole("button", { name: "Ban bob" })).toBeInTheDocument();
  });

  it("searches once typing pauses, and lists everyone again when the search is cleared", async () => {
    stubApi({
      "GET admin/users": { body: userPage([root, mira, alex]) },
      "GET admin/users/search": { body: userPage([mira]) },
    });
    const { events } = renderApp("/admin/users", { user: root });

    await screen.findByText("3 users");
    await events.type(screen.getByRole("searchbox", { name: "Search users" }), "mir");

    expect(await screen.findByText("1 user found")).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "mira" })).toBeInTheDocument();
    expect(screen.queryByRole("listitem", { name: "root" })).not.toBeInTheDocument();
    // One search for what was typed, not one per key.
    expect(queriesOf("admin/users/search")).toEqual([{ q: "mir", page: "1", per_page: "20" }]);

    await events.click(screen.getByRole("button", { name: "Clear the search" }));
    expect(await screen.findByText("3 users")).toBeInTheDocument();
  });

  it("says when no user matches the search", async () => {
    stubApi({
      "GET admin/users": { body: userPage([mira]) },
      "GET admin/users/search": { body: userPage([], 1, 0, 0) },
    });
    const { events } = renderApp("/admin/users", { user: root });

    await screen.findByText("1 user");
    await events.type(screen.getByRole("searchbox", { name: "Search users" }), "zzz");

    expect(await screen.findByText("No users match “zzz”")).toBeInTheDocument();
    expect(screen.getByText("0 users found")).toBeInTheDocument();
  });

  it("pages through the users", async () => {
    stubApi({ "GET admin/users": [{ body: userPage([mira], 1, 2, 21) }, { body: userPage([alex], 2, 2, 21) }] });
    const { events } = renderApp("/admin/users", { user: root });

    expect(await screen.findByText("21 users")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Page 2" }));

    expect(await screen.findByRole("listitem", { name: "alex" })).toBeInTheDocument();
    expect(screen.queryByRole("listitem", { name: "mira" })).not.toBeInTheDocument();
    expect(queriesOf("admin/users")).toEqual([
      { page: "1", per_page: "20" },
      { page: "2", per_page: "20" },
    ]);
  });

  it("opens the edit form from a user's menu", async () => {
    stubApi({ "GET admin/users": { body: userPage([mira]) }, [`GET admin/user/${mira.id}`]: { body: mira } });
    const { events, router } = renderApp("/admin/users", { user: root });

    await events.click(await screen.findByRole("button", { name: "More actions for mira" }));
    await events.click(screen.getByRole("menuitem", { name: "Edit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/edit/${mira.id}`));
    expect(await screen.findByRole("heading", { level: 1, name: "Edit user" })).toBeInTheDocument();
  });

  it("works on a phone: every field and action of a row is there", async () => {
    setViewportWidth(375);
    stubApi({ "GET admin/users": { body: userPage([mira]) } });
    renderApp("/admin/users", { user: root });

    const miraRow = within(await screen.findByRole("listitem", { name: "mira" }));
    expect(miraRow.getByText("mira@example.com")).toBeInTheDocument();
    expect(miraRow.getByText("1 500,50 ₽")).toBeInTheDocument();
    expect(miraRow.getByRole("link", { name: "Profile of mira" })).toBeInTheDocument();
    expect(miraRow.getByRole("button", { name: "Ban mira" })).toBeInTheDocument();
    expect(miraRow.getByRole("button", { name: "More actions for mira" })).toBeInTheDocument();
  });

  it("says why the list did not load and tries again", async () => {
    stubApi({ "GET admin/users": [refusal(500, "SERVER_ERROR", "Boom"), { body: userPage([mira]) }] });
    const { events } = renderApp("/admin/users", { user: root });

    expect(await screen.findByText("Could not load the users")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on our side")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("listitem", { name: "mira" })).toBeInTheDocument();
  });

  it("speaks Russian, with plural forms of the total", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/users": [{ body: userPage([root, mira, bob], 1, 1, 3) }] });
      renderApp("/admin/users", { user: root });

      expect(await screen.findByText("3 пользователя")).toBeInTheDocument();
      expect(within(row("bob")).getByText("Заблокирован")).toBeInTheDocument();
      expect(within(row("mira")).getByText("Заморожен")).toBeInTheDocument();
      expect(within(row("mira")).getByRole("button", { name: "Заблокировать mira" })).toBeInTheDocument();
      expect(screen.getByRole("searchbox", { name: "Поиск пользователей" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
