import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TestPayment } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { leaveFor } from "@/shared/lib/leave-for";
import { renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

const PAYMENT_ID = "66666666-0000-4000-8000-000000000001";
const payment: TestPayment = {
  id: PAYMENT_ID,
  status: "pending",
  amount: 1500,
  description: "Lootlane balance top-up for mira",
  return_url: "http://localhost:3000/wallet?top_up=88888888-0000-4000-8000-000000000001",
};
const PAY = "Pay 1\u00a0500\u00a0₽";

describe("the test checkout", () => {
  it("says plainly that it is a test, shows the amount, and pays", async () => {
    const stub = stubApi({
      [`GET payments/test/${PAYMENT_ID}`]: { body: payment },
      [`POST payments/test/${PAYMENT_ID}/pay`]: { body: { ...payment, status: "succeeded" } },
    });
    const { events } = renderApp(`/pay/test/${PAYMENT_ID}`, { user: null });

    expect(await screen.findByText("TEST MODE")).toBeInTheDocument();
    expect(screen.getByText(/no real money moves/)).toBeInTheDocument();
    expect(await screen.findByText("1 500 ₽")).toBeInTheDocument();
    expect(screen.getByText("Lootlane balance top-up for mira")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: PAY }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(payment.return_url));
    expect(stub.calls.map((call) => call.route)).toContain(`POST payments/test/${PAYMENT_ID}/pay`);
  });

  it("declines and goes back", async () => {
    const stub = stubApi({
      [`GET payments/test/${PAYMENT_ID}`]: { body: payment },
      [`POST payments/test/${PAYMENT_ID}/decline`]: { body: { ...payment, status: "canceled" } },
    });
    const { events } = renderApp(`/pay/test/${PAYMENT_ID}`, { user: null });

    await events.click(await screen.findByRole("button", { name: "Decline" }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(payment.return_url));
    expect(stub.calls.map((call) => call.route)).not.toContain(`POST payments/test/${PAYMENT_ID}/pay`);
  });

  it("says when the payment was already paid, and offers the way back", async () => {
    stubApi({ [`GET payments/test/${PAYMENT_ID}`]: { body: { ...payment, status: "succeeded" } } });
    const { events } = renderApp(`/pay/test/${PAYMENT_ID}`, { user: null });

    expect(await screen.findByText("This payment is already paid.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: PAY })).not.toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Back to the store" }));

    expect(leaveFor).toHaveBeenCalledWith(payment.return_url);
  });

  it("shows why a decision was refused, and where the payment now stands", async () => {
    stubApi({
      [`GET payments/test/${PAYMENT_ID}`]: [{ body: payment }, { body: { ...payment, status: "canceled" } }],
      [`POST payments/test/${PAYMENT_ID}/pay`]: refusal(409, "TOP_UP_NOT_FOUND", "Top-up not found"),
    });
    const { events } = renderApp(`/pay/test/${PAYMENT_ID}`, { user: null });

    await events.click(await screen.findByRole("button", { name: PAY }));

    expect(await screen.findByText("This payment was declined.")).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ [`GET payments/test/${PAYMENT_ID}`]: { body: payment } });
      renderApp(`/pay/test/${PAYMENT_ID}`, { user: null });

      expect(await screen.findByText("ТЕСТОВЫЙ РЕЖИМ")).toBeInTheDocument();
      expect(await screen.findByRole("button", { name: "Оплатить 1\u00a0500\u00a0₽" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Отказаться" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
