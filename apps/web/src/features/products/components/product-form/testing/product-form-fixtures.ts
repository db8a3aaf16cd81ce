import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeCategory } from "@/shared/catalog/testing/catalog-fixtures";
import { jsonResponse, type Handler } from "@/test/stub-api";

export const dota = makeCategory(1, { name: "Dota 2", name_ru: "Dota 2" });
export const cs = makeCategory(2, { name: "CS2", name_ru: "CS2" });
export const accounts = makeCategory(3, { name: "Accounts", name_ru: "Аккаунты", parent_id: dota.id });
export const items = makeCategory(4, { name: "Items", name_ru: "Предметы", parent_id: dota.id });

/** The catalogue's games and Dota 2's subcategories; CS2 has none. */
export const categoryRoutes: Record<string, Handler> = {
  "GET /v1/categories/all": () => jsonResponse(200, [dota, accounts, items, cs]),
  [`GET /v1/categories/game/${dota.id}`]: () => jsonResponse(200, [accounts, items]),
  [`GET /v1/categories/game/${cs.id}`]: () => jsonResponse(200, []),
};

export function image(name: string, type = name.endsWith(".png") ? "image/png" : "image/jpeg", size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/**
 * Events whose uploads ignore the picker's filter: a drop has none, and the form must refuse on its own.
 * `pick` chooses files through the drop zone's file input.
 */
export function pickerEvents(label = "Choose images") {
  const events = userEvent.setup({ applyAccept: false });
  const pick = (...files: File[]) => events.upload(screen.getByLabelText(label, { selector: "input" }), files);
  return { events, pick };
}

/** Chooses an option of a Mantine select by the select's label and the option's text. */
export async function choose(events: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await events.click(screen.getByRole("combobox", { name: label }));
  await events.click(await screen.findByRole("option", { name: option }));
}

/** A text field or a select, by its label. */
export function field(name: string): HTMLElement {
  return screen.queryByRole("textbox", { name }) ?? screen.getByRole("combobox", { name });
}

/** The error Mantine shows under a field (linked by aria-describedby), with no-break spaces read as plain ones. */
export function errorOf(input: HTMLElement): string | null {
  const id = input
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((part) => part.endsWith("-error"));
  const text = id ? document.getElementById(id)?.textContent : null;
  return text ? text.replace(/\s/g, " ") : null;
}
