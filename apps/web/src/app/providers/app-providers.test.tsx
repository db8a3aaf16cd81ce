import { useMutation } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { ApiError } from "@/shared/api/api-error";
import { emitSessionLost } from "@/shared/api/session-lost";
import { makeUser } from "@/test/render-app";
import { AppProviders } from "./app-providers";
import { createQueryClient } from "./query-client";

function FailingAction({ notifyError }: { notifyError?: boolean }) {
  const buy = useMutation({
    mutationFn: () =>
      Promise.reject(
        new ApiError({ status: 409, code: "NOT_ENOUGH_BALANCE", serverMessage: "Not enough money on the balance" }),
      ),
    meta: notifyError === undefined ? undefined : { notifyError },
  });
  return <button onClick={() => buy.mutate()}>Buy</button>;
}

describe("app providers", () => {
  it("clear the current user when the session is lost", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, makeUser());
    render(
      <AppProviders queryClient={queryClient} env="test">
        {null}
      </AppProviders>,
    );

    act(() => emitSessionLost());

    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("tell the user why an action failed, in their language", async () => {
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <FailingAction />
      </AppProviders>,
    );

    await userEvent.click(screen.getByRole("button", { name: "Buy" }));

    expect(await screen.findByText("Not enough money on the balance")).toBeInTheDocument();
  });

  it("stay quiet for an action whose screen shows its own error", async () => {
    const queryClient = createQueryClient();
    render(
      <AppProviders queryClient={queryClient} env="test">
        <FailingAction notifyError={false} />
      </AppProviders>,
    );

    await userEvent.click(screen.getByRole("button", { name: "Buy" }));

    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe("error"));
    expect(screen.queryByText("Not enough money on the balance")).not.toBeInTheDocument();
  });
});
