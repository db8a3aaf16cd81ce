import { Card, Code, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface ProductGoodsProps {
  goods: string;
  /** The seller reads it as theirs; an admin as a moderator. */
  owner: boolean;
}

/** The goods themselves (the account, key or item data), for the seller and admins only. */
export function ProductGoods({ goods, owner }: ProductGoodsProps) {
  const { t } = useTranslation("products");
  return (
    <Card component="section" aria-labelledby="product-goods-title" withBorder bg="yellow.0">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="product-goods-title">
          {t("goods.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {owner ? t("goods.ownerHint") : t("goods.adminHint")}
        </Text>
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {goods}
        </Code>
      </Stack>
    </Card>
  );
}
