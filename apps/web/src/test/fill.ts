import type { UserEvent } from "@testing-library/user-event";

/**
 * Puts text into a field in one input event, as a paste or autofill does. Typing key by key is for tests about
 * typing; elsewhere it only makes the suite slow.
 */
export async function fill(events: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await events.click(field);
  await events.paste(text);
}
