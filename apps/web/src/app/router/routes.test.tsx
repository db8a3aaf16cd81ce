import { APP_PAGES } from "@lootlane/contract";
import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import { createRoutes } from "./routes";

const admin = makeUser({ username: "root", role: "admin" });

describe("login-required routes", () => {
  it.each(["/chats", "/product/create", "/product/edit/42", "/settings", "/wallet", "/notifications"])(
    "send a guest from %s to /signin",
    async (path) => {
      const { router } = renderApp(path, { user: null });

      expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/signin");
    },
  );

  it("open for a signed-in user", async () => {
    const { router } = renderApp("/chats", { user: makeUser() });

    expect(await screen.findByRole("heading", { level: 1, name: "Chats" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/chats");
  });
});

describe("admin routes", () => {
  it.each([
    ["a signed-in user", makeUser()],
    ["a guest", null],
  ])("send %s to /not-access and show nothing of the admin area", async (_who, user) => {
    const { router } = renderApp("/admin/users", { user });

    expect(await screen.findByRole("heading", { level: 1, name: "Access denied" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/not-access");
    expect(screen.queryByRole("navigation", { name: "Admin navigation" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it("show an admin the admin layout and its navigation", async () => {
    renderApp("/admin", { user: admin });

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin navigation" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Main", "/admin"],
      ["Users", "/admin/users"],
      ["Products", "/admin/products"],
      ["Deals", "/admin/deals"],
      ["Withdrawals", "/admin/withdrawals"],
      ["Reports", "/admin/reports"],
      ["Categories", "/admin/categories"],
      ["Audit log", "/admin/audit-log"],
      ["Back to the site", "/"],
    ]);
    expect(within(nav).getByRole("link", { name: "Main" })).toHaveAttribute("aria-current", "page");
  });

  it("open each admin screen inside the admin layout", async () => {
    const { events } = renderApp("/admin", { user: admin });
    const nav = await screen.findByRole("navigation", { name: "Admin navigation" });

    await events.click(within(nav).getByRole("link", { name: "Deals" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Deals" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Deals" })).toHaveAttribute("aria-current", "page");
  });
});

describe("current user", () => {
  it("shows a spinner until the API answers, then treats a failed refresh as a guest", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetch = vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/v1/auth/") await answered;
      const body = { detail: { error_code: "TOKEN_NOT_FOUND", error_message: "You are not signed in" } };
      return new Response(JSON.stringify(body), { status: 401, headers: { "content-type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);

    const { router } = renderApp("/chats");

    expect(await screen.findByRole("status")).toHaveTextContent("Loading…");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();

    answer();

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    const calls = fetch.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
    expect(calls).toEqual(["POST /v1/auth/", "POST /v1/auth/update-tokens"]);
  });

  it("asks once and shows the site as a guest when the API fails", async () => {
    const fetch = vi.fn(async (_request: Request) => {
      const body = { detail: { error_code: "SERVER_ERROR", error_message: "Something went wrong on our side" } };
      return new Response(JSON.stringify(body), { status: 500, headers: { "content-type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);

    renderApp("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = fetch.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
    // Home also asks for its catalogue; the current user is asked for exactly once.
    expect(calls.filter((call) => call.includes("/auth/"))).toEqual(["POST /v1/auth/"]);
  });
});

describe("unknown paths", () => {
  it("show 'Sorry, page not found' and go back in history", async () => {
    const { events, router } = renderApp("/no/such/page", { user: null, history: ["/signup"] });

    expect(await screen.findByRole("heading", { level: 1, name: "Sorry, page not found" })).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Back" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign up" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("go home on Back when the page was opened directly", async () => {
    const { events, router } = renderApp("/no/such/page", { user: null });

    await events.click(await screen.findByRole("button", { name: "Back" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
  });

  it("inside the admin area show the not-found screen within the admin layout", async () => {
    renderApp("/admin/nothing-here", { user: admin });

    expect(await screen.findByRole("heading", { level: 1, name: "Sorry, page not found" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Admin navigation" })).toBeInTheDocument();
  });
});

describe("the test checkout", () => {
  it("opens for a guest, on a page of its own without the app's navigation", async () => {
    const id = "66666666-0000-4000-8000-000000000001";
    stubApi({
      [`GET payments/test/${id}`]: {
        body: { id, status: "pending", amount: 500, description: "Top-up", return_url: "http://localhost/wallet" },
      },
    });
    const { router } = renderApp(`/pay/test/${id}`, { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Payment" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/pay/test/${id}`);
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
  });
});

describe("status screens", () => {
  it.each([
    ["/404", "Profile not found"],
    ["/error", "Something went wrong"],
    ["/not-access", "Access denied"],
  ])("%s shows %s", async (path, title) => {
    renderApp(path, { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });
});

describe("the route table", () => {
  /** Every path a page of the table answers, as the router spells it; the catch-all routes left out. */
  function pagePaths(routes: RouteObject[], parent = ""): string[] {
    return routes.flatMap((route) => {
      if (route.path === "*") return [];
      const path = route.path === undefined ? parent : `${parent}/${route.path}`;
      if (route.index) return [path || "/"];
      if (route.children?.length) return pagePaths(route.children, path);
      return route.path === undefined ? [] : [path];
    });
  }
  const unnamed = (path: string) => path.replace(/:[^/]+/g, ":");

  it("has every page in the contract's list, by which the server tells a page from a 404", () => {
    const known = new Set(APP_PAGES.map((page) => unnamed(page.path)));
    const paths = pagePaths(createRoutes());

    expect(paths).toEqual(expect.arrayContaining(["/", "/signin", "/product/:productId", "/admin", "/admin/users"]));
    expect(paths.filter((path) => !known.has(unnamed(path)))).toEqual([]);
  });
});
