import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from "react-router";
import { AppProviders } from "@/app/providers/app-providers";
import { AppRoutes, createRoutes } from "@/app/router/routes";
import { currentUserQueryKey, type CurrentUser } from "@/shared/auth/current-user";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";

interface RenderAppOptions {
  /** The signed-in user, or null for a guest; leave out to let the app ask the (stubbed) API. */
  user?: CurrentUser | null;
  /** Earlier history entries, so Back has somewhere to go. */
  history?: string[];
  /** The in-memory socket server; by default one that accepts no connection, so no live update arrives. */
  realtime?: FakeRealtime;
}

/** What a test reads of the router and how it moves it, as the data router's object offered them. */
interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: string | number) => Promise<void>;
}

/** What the app's router last rendered, written by `RouterProbe` and read through `TestRouter`. */
type ProbeReading = { state?: TestRouter["state"]; go?: NavigateFunction };

/** Keeps `router` up to date with the location the app rendered last. */
function RouterProbe({ router }: { router: ProbeReading }) {
  router.state = { location: useLocation(), historyAction: useNavigationType() };
  router.go = useNavigate();
  return null;
}

/** The real route table, layouts and providers, at `path`, in memory. */
export function renderApp(path: string, { user, history = [], realtime = new FakeRealtime() }: RenderAppOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  const entries = [...history, path];
  const probe: ProbeReading = {};
  const router: TestRouter = {
    get state() {
      if (!probe.state) throw new Error("the app has not rendered its router yet");
      return probe.state;
    },
    navigate: (to) =>
      act(async () => {
        if (!probe.go) throw new Error("the app has not rendered its router yet");
        await (typeof to === "number" ? probe.go(to) : probe.go(to));
      }),
  };
  const events = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test" createSocket={realtime.createSocket}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <RouterProbe router={probe} />
        <AppRoutes routes={createRoutes()} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, queryClient, events, realtime };
}

/** A user as the API answers; admins have two-factor sign-in on, as they must to use the admin area. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "6f1c2b7e-1d2a-4b8e-9a51-2f3c4d5e6f70",
    email: "mira@example.com",
    username: "mira",
    balance: 1500.5,
    avatar_url: "",
    description: null,
    created_at: "2025-01-15T10:00:00.000Z",
    has_frozen_balance: false,
    is_banned: false,
    is_active: true,
    rating: 5,
    role: "user",
    two_factor_enabled: overrides.role === "admin",
    ...overrides,
  };
}
