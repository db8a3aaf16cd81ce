import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { productStatusSchema, type ProductStatus } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { ProductStatusBadge } from "./product-status-badge";

function renderBadge(status: ProductStatus) {
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
  ] as const)("shows %s as %s in %s", (status, label, colour) => {
    const badge = renderBadge(status);

    expect(badge).toHaveTextContent(label);
    expect(colourOf(badge)).toContain(`--mantine-color-${colour}-`);
  });

  it.each([
    ["paused", "PAUSED"],
    ["rejected", "REJECTED"],
    ["refunded", "REFUNDED"],
    ["withdrawn", "TAKEN DOWN"],
    ["suspended", "SUSPENDED"],
  ] as const)("names the seller's other status %s (%s) in a neutral style", (status, label) => {
    const badge = renderBadge(status);

    expect(badge).toHaveTextContent(label);
    expect(colourOf(badge)).not.toMatch(/green|blue|yellow/);
    expect(badge).toHaveAttribute("data-variant", "outline");
  });

  it.each([
    ["active", "В ПРОДАЖЕ"],
    ["paused", "НА ПАУЗЕ"],
  ] as const)("names %s in Russian", async (status, label) => {
    await i18n.changeLanguage("ru");
    try {
      expect(renderBadge(status)).toHaveTextContent(label);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it.each(productStatusSchema.options)("names %s in Russian words, never its code", async (status) => {
    await i18n.changeLanguage("ru");
    try {
      const text = renderBadge(status).textContent ?? "";
      expect(text).toMatch(/[А-ЯЁ]/);
      expect(text.toLowerCase()).not.toContain(status);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
