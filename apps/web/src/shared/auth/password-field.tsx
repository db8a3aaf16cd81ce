import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A password input whose show/hide toggle is named in the interface language and reachable by keyboard
 * (Mantine's is English and skipped by Tab); `aria-pressed` on it tells whether the password is shown.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation("common");
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
      {...props}
    />
  );
}
