import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code-${index}000-aaaa`);

// The screens are lazy chunks: on a machine busy with other work the first one takes seconds to load.
const LAZY_SCREEN = { timeout: 10_000 };

describe("admin area without two-factor sign-in", { timeout: 20_000 }, () => {
  it("shows the set-up instead of the admin pages, then the recovery codes, then the admin area", async () => {
    const enrolled = makeUser({ role: "admin", two_factor_enabled: true });
    const api = stubApi({
      "POST auth/2fa/setup": {
        body: { secret, otpauth_url: `otpauth://totp/Lootlane:mira%40example.com?secret=${secret}&issuer=Lootlane` },
      },
      "POST auth/2fa/enable": { body: { recovery_codes: recoveryCodes } },
      "POST auth/": { body: enrolled },
    });
    const { events } = renderApp("/admin", { user: makeUser({ role: "admin", two_factor_enabled: false }) });

    await screen.findByRole("heading", { level: 1, name: "Set up two-factor sign-in" }, LAZY_SCREEN);
    expect(screen.queryByRole("heading", { level: 1, name: "Dashboard" })).not.toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Set up" }));
    expect(await screen.findByText(secret)).toBeInTheDocument();
    await fill(events, screen.getByLabelText("Code from the app"), "123456");
    await events.click(screen.getByRole("button", { name: "Turn on" }));

    for (const code of recoveryCodes) expect(await screen.findByText(code)).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/2fa/enable")).toEqual([{ code: "123456" }]);
    await events.click(screen.getByRole("button", { name: "I have saved them" }));
    await screen.findByRole("heading", { level: 1, name: "Dashboard" }, LAZY_SCREEN);
  });
});
