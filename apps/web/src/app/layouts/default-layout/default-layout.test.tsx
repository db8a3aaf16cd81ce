import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ownProfileOf } from "@/features/profile/testing/profile-fixtures";
import { makeUser, renderApp } from "@/test/render-app";
import { setViewportWidth } from "@/test/viewport";

function navLinks() {
  const nav = screen.getByRole("navigation", { name: "Main navigation" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("default layout navigation", () => {
  it("is a bottom tab bar below 1024 px, with no navigation in the header", async () => {
    setViewportWidth(375);
    renderApp("/", { user: null });

    await screen.findByRole("heading", { level: 1, name: "Lootlane" });
    const navs = screen.getAllByRole("navigation", { name: "Main navigation" });
    expect(navs).toHaveLength(1);
    expect(navs[0]?.closest("footer")).not.toBeNull();
    expect(within(screen.getByRole("banner")).queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("sits in the header from 1024 px, with no bottom bar", async () => {
    setViewportWidth(1024);
    renderApp("/", { user: null });

    await screen.findByRole("heading", { level: 1, name: "Lootlane" });
    expect(within(screen.getByRole("banner")).getByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it("sends a guest to sign in for Chats, Sell and Profile", async () => {
    renderApp("/", { user: null });

    await screen.findByRole("heading", { level: 1, name: "Lootlane" });
    expect(navLinks()).toEqual([
      ["Home", "/"],
      ["Chats", "/signin"],
      ["Sell", "/signin"],
      ["Profile", "/signin"],
    ]);
  });

  it("leads a signed-in user to their chats, the sell form, notifications and their own profile, marking the current one", async () => {
    setViewportWidth(375);
    const mira = makeUser({ username: "mira" });
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json(ownProfileOf(mira))));
    renderApp("/profile/mira", { user: mira });

    await screen.findByRole("heading", { level: 1, name: "mira" });
    expect(navLinks()).toEqual([
      ["Home", "/"],
      ["Chats", "/chats"],
      ["Sell", "/product/create"],
      ["Notifications", "/notifications"],
      ["Profile", "/profile/mira"],
    ]);
    expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("has the brand link home and the language selector in the header", async () => {
    renderApp("/chats", { user: makeUser() });

    await screen.findByRole("heading", { level: 1, name: "Chats" });
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Lootlane, home page" })).toHaveAttribute("href", "/");
    expect(within(header).getByRole("combobox", { name: "Language" })).toHaveValue("en");
  });
});
