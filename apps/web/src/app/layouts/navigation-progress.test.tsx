import { Suspense, startTransition, useState } from "react";
import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lazyScreen } from "../router/lazy-screen";
import { NavigationProgress } from "./navigation-progress";

describe("the navigation progress bar", () => {
  it("shows while the next screen's code downloads, over the screen being left, and goes when it has arrived", async () => {
    let arrive!: () => void;
    const NextScreen = lazyScreen(() => new Promise((resolve) => (arrive = () => resolve(() => <h1>Next</h1>))));
    let open!: () => void;
    function Screens() {
      const [next, setNext] = useState(false);
      open = () => startTransition(() => setNext(true));
      return <Suspense fallback={<p>Loading</p>}>{next ? <NextScreen /> : <h1>Current</h1>}</Suspense>;
    }
    const { container } = render(
      <MantineProvider env="test">
        <NavigationProgress />
        <Screens />
      </MantineProvider>,
    );
    const bar = () => container.querySelector(".mantine-Progress-root");
    expect(bar()).toBeNull();

    act(open);

    await act(() => Promise.resolve());
    expect(bar()).not.toBeNull();
    expect(screen.getByRole("heading", { name: "Current" })).toBeInTheDocument();

    await act(async () => arrive());

    expect(await screen.findByRole("heading", { name: "Next" })).toBeInTheDocument();
    expect(bar()).toBeNull();
  });
});
