import { List, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN, PASSWORD_SPECIALS } from "@lootlane/contract";
import { CheckCircleIcon } from "@/shared/ui/icons";
import { passwordRequirements } from "./password-requirements";

/** Which parts of the strong-password rule the typed password meets, so nobody has to guess after a refusal. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <Text size="sm" c="dimmed" mb={4}>
        {t("passwordRules.title")}
      </Text>
      <List size="sm" spacing={2} center>
        {passwordRequirements.map(({ key, isMet }) => {
          const met = isMet(password);
          return (
            <List.Item
              key={key}
              c={met ? "teal.9" : "dimmed"}
              data-met={met}
              icon={
                <ThemeIcon size={18} radius="xl" variant={met ? "filled" : "light"} color={met ? "teal" : "gray"}>
                  <CheckCircleIcon size={14} />
                </ThemeIcon>
              }
            >
              {t(`passwordRules.${key}`, { count: PASSWORD_MIN, specials: PASSWORD_SPECIALS })}{" "}
              <VisuallyHidden>{t(met ? "passwordRules.met" : "passwordRules.unmet")}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
