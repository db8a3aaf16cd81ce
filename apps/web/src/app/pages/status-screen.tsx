import type { ReactNode } from "react";
import { Center, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

interface StatusScreenProps {
  /** A large decorative status number; the title carries the meaning. */
  code?: string;
  title: string;
  text: string;
  actions: ReactNode;
}

/** The shared look of the not-found, forbidden and error screens. */
export function StatusScreen({ code, title, text, actions }: StatusScreenProps) {
  const { t } = useTranslation("common");
  useDocumentTitle(t("documentTitle", { title }));
  return (
    <Center mih="60dvh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        {code && (
          <Text fz={80} fw={800} lh={1} c="indigo.5" aria-hidden="true">
            {code}
          </Text>
        )}
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      </Stack>
    </Center>
  );
}
