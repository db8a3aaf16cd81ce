import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { ProductStatusBadge } from "./product-status-badge";

function renderBadge(status: string) {
  render(
    <MantineProvider env="test">
      <ProductStatusBadge status={status} />
    </MantineProvider>,
  );
  return screen.getByText((_content, element) => element?.classList.contains("mantine-Badge-root") ?? false);
}

/** The badge's colour as Mantine sets it: a CSS variable naming the theme colour. */
function colourOf(badge: HTMLElement): string {
  return badge.style.getPropertyValue("--badge-bg");
}

describe("ProductStatusBadge (ARCHITECTURE §4 profile labels)", () => {
  it.each([
    ["active", "ACTIVE", "green"],
    ["purchased", "SOLD", "blue"],
    ["completed", "SOLD", "blue"],
    ["moderation", "PENDING", "yellow"],
  ])("shows %s as %s in %s", (status, label, colour) => {
    const badge = renderBadge(status);

    expect(badge).toHaveTextContent(label);
    expect(colourOf(badge)).toContain(`--mantine-color-${colour}-`);
  });

  it.each(["rejected", "refunded", "constructor"])(
    "shows any other value (%s) as it is, in a neutral style",
    (status) => {
      const badge = renderBadge(status);

      expect(badge).toHaveTextContent(status);
      expect(colourOf(badge)).not.toMatch(/green|blue|yellow/);
      expect(badge).toHaveAttribute("data-variant", "outline");
    },
  );

  it("names the known statuses in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      expect(renderBadge("active")).toHaveTextContent("В ПРОДАЖЕ");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
