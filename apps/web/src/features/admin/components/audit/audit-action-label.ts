import type { TFunction } from "i18next";

/** An action's words in the reader's language; an action the screen has no words for shows as its code. */
export function auditActionLabel(t: TFunction<"admin">, action: string): string {
  return t(`auditLog.actions.${action}`, { defaultValue: action });
}
