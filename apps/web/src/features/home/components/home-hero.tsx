import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TagIcon } from "@/shared/ui/icons";
import { DealSteps } from "./deal-steps";
import classes from "./home-hero.module.css";

export function HomeHero() {
  const { t } = useTranslation("home");
  return (
    <Paper className={classes.hero} p={{ base: "lg", sm: 40 }} withBorder>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: "xl", md: 48 }} verticalSpacing="xl">
        <Stack gap="lg" justify="center">
          <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.05} c="indigo.7">
            Lootlane
          </Title>
          <Text fz={{ base: "lg", sm: "xl" }} c="dark.5" maw={480}>
            {t("tagline")}
          </Text>
          <Group>
            <Button component={Link} to="/product/create" size="md" leftSection={<TagIcon size={18} />}>
              {t("sell")}
            </Button>
          </Group>
        </Stack>
        <DealSteps />
      </SimpleGrid>
    </Paper>
  );
}
