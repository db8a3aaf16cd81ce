import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error-boundary";

function Crashing(): never {
  throw new Error("the screen broke");
}

describe("a screen that crashes", () => {
  it("shows the error screen in place of the screen, and another screen again after a navigation", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={["/broken"]}>
          <Link to="/fine">Elsewhere</Link>
          <Routes>
            <Route element={<RouteErrorBoundary />}>
              <Route path="/broken" element={<Crashing />} />
              <Route path="/fine" element={<h1>Fine</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );

    expect(screen.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("link", { name: "Elsewhere" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Fine" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
  });
});
