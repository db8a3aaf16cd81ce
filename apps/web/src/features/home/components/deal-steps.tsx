import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ChatIcon, CheckCircleIcon, ShieldCheckIcon } from "@/shared/ui/icons";

/** The escrow promise in three steps (ARCHITECTURE §4 deals): the reason to trust a stranger's offer. */
const STEPS = [
  { key: "pay", icon: ShieldCheckIcon },
  { key: "receive", icon: ChatIcon },
  { key: "confirm", icon: CheckCircleIcon },
] as const;

export function DealSteps() {
  const { t } = useTranslation("home");
  return (
    <Card component="section" aria-labelledby="deal-steps-title" shadow="sm">
      <Title order={2} id="deal-steps-title" fz="lg" mb="md">
        {t("deal.title")}
      </Title>
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
        {STEPS.map(({ key, icon: Icon }) => (
          <Group component="li" key={key} wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon variant="light" radius="xl" size={40}>
              <Icon size={20} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t(`deal.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`deal.${key}.text`)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
