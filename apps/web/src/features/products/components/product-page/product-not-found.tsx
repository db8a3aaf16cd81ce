import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HomeIcon } from "@/shared/ui/icons";

/** An unknown, deleted, or not (yet) public product: the server answers 404 for all of them alike. */
export function ProductNotFound() {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  useDocumentTitle(tc("documentTitle", { title: t("notFound.title") }));
  return (
    <Center mih="50dvh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={80} fw={800} lh={1} c="indigo.2" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {t("notFound.title")}
        </Title>
        <Text c="dimmed">{t("notFound.text")}</Text>
        <Button component={Link} to="/" leftSection={<HomeIcon size={18} />} mt="sm">
          {t("notFound.toCatalogue")}
        </Button>
      </Stack>
    </Center>
  );
}
