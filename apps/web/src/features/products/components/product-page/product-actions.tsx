import { Button, Stack, Text } from "@mantine/core";
import type { ProductDetail } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { signInRedirectState } from "@/shared/auth/return-path";
import { DeleteProductButton } from "./delete-product-button";

interface ProductActionsProps {
  product: ProductDetail;
  signedIn: boolean;
}

/**
 * The owner edits or deletes; anyone else may buy an active product (SPEC §2). Buying itself arrives with
 * deals: until then a guest is sent to sign in, and a signed-in buyer is told it is not open yet.
 */
export function ProductActions({ product, signedIn }: ProductActionsProps) {
  const { t } = useTranslation("products");
  const location = useLocation();

  if (product.is_owner) {
    return (
      <Stack gap="xs">
        <Button component={Link} to={`/product/edit/${product.id}`} size="md">
          {t("edit")}
        </Button>
        <DeleteProductButton productId={product.id} ownerUsername={product.seller.username} />
      </Stack>
    );
  }
  if (product.is_sold) return <Text c="dimmed">{t("buy.sold")}</Text>;
  if (product.status !== "active") return null;
  if (!signedIn) {
    return (
      <Button component={Link} to="/signin" state={signInRedirectState(location)} size="md">
        {t("buy.action")}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <Button size="md" disabled>
        {t("buy.action")}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        {t("buy.soon")}
      </Text>
    </Stack>
  );
}
