import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { makeCategory } from "@/shared/catalog/testing/catalog-fixtures";

type Handler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The spec's error answer (SPEC §8), with validation field errors when given. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  errors?: { field: string; message: string }[],
): Response {
  return jsonResponse(status, { detail: { error_code: code, error_message: message, ...(errors ? { errors } : {}) } });
}

/**
 * Stubs `fetch` with routes keyed "METHOD /v1/path"; anything else answers 404. Requests are kept whole, because
 * the product form sends multipart bodies a test reads back with `sentForm`.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.push(key);
      requests.push(request.clone());
      const handler = routes[key];
      return handler ? handler(request) : errorResponse(404, "NOT_FOUND", "No such route");
    }),
  );
  return {
    calls,
    /** The last request sent as "METHOD /v1/path". */
    last: (key: string) => requests.findLast((request) => `${request.method} ${new URL(request.url).pathname}` === key),
  };
}

/**
 * A multipart body as the server reads it: the text fields by name, and how many parts each file field has.
 * (jsdom's File reaches Node's fetch as a bare Blob, so file names are not visible here.)
 */
export async function sentForm(
  request: Request | undefined,
): Promise<{ fields: Record<string, string>; files: Record<string, number> }> {
  if (!request) throw new Error("No such request was sent");
  const fields: Record<string, string> = {};
  const files: Record<string, number> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === "string") fields[name] = value;
    else files[name] = (files[name] ?? 0) + 1;
  }
  return { fields, files };
}

export const dota = makeCategory(1, { name: "Dota 2" });
export const cs = makeCategory(2, { name: "CS2" });
export const accounts = makeCategory(3, { name: "Accounts", parent_id: dota.id });
export const items = makeCategory(4, { name: "Items", parent_id: dota.id });

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
