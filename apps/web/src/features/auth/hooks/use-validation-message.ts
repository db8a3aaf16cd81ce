import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "@lootlane/contract";
import type { ValidationKey } from "../lib/validation";

// `count` picks the plural form of the password's length message.
const limits = { count: PASSWORD_MIN, min: PASSWORD_MIN, usernameMin: USERNAME_MIN, usernameMax: USERNAME_MAX };

/** Turns a failed rule into its text for a Mantine form rule (null: the field is fine). */
export function useValidationMessage(): (key: ValidationKey | null) => string | null {
  const { t } = useTranslation("auth");
  return useCallback((key) => (key ? t(`validation.${key}`, limits) : null), [t]);
}
