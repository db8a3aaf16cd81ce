import { Button, Stack, Text } from "@mantine/core";
import type { ProductDetail } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { CurrentUser } from "@/shared/auth/current-user";
import { signInRedirectState } from "@/shared/auth/return-path";
import { ListingControls } from "@/shared/catalog/listing-controls";
import { useStartChat } from "../../api/start-chat";
import { BuyButton } from "./buy-button";
import { DeleteProductButton } from "./delete-product-button";

interface ProductActionsProps {
  product: ProductDetail;
  /** The signed-in user, or null for a guest. */
  viewer: CurrentUser | null;
}

/** Opens (creating on first use) the chat with the seller about this product, then shows it on /chats. */
function MessageSellerButton({ productId }: { productId: string }) {
  const { t } = useTranslation("products");
  const navigate = useNavigate();
  const startChat = useStartChat();
  return (
    <Button
      size="md"
      variant="light"
      loading={startChat.isPending}
      onClick={() =>
        startChat.mutate(productId, {
          onSuccess: (chat) => void navigate(`/chats?chat=${encodeURIComponent(chat.id)}`),
        })
      }
    >
      {t("messageSeller")}
    </Button>
  );
}

/**
 * The owner edits, manages the units of an `auto` listing, pauses, resumes or relists, or deletes; anyone else may
 * buy an active product (SPEC §2) or message its seller first.
 * A guest is sent to sign in for either, and comes back here.
 */
export function ProductActions({ product, viewer }: ProductActionsProps) {
  const { t } = useTranslation("products");
  const location = useLocation();

  if (product.is_owner) {
    return (
      <Stack gap="xs">
        <Button component={Link} to={`/product/edit/${product.id}`} size="md">
          {t("edit")}
        </Button>
        {product.delivery === "auto" && (
          <Button component={Link} to={`/product/${product.id}/stock`} size="md" variant="light">
            {t("manageStock")}
          </Button>
        )}
        <ListingControls listing={product} />
        <DeleteProductButton productId={product.id} ownerUsername={product.seller.username} />
      </Stack>
    );
  }
  if (product.is_sold) return <Text c="dimmed">{t("buy.sold")}</Text>;
  if (product.status !== "active") return null;
  if (!viewer) {
    return (
      <Stack gap="xs">
        <Button component={Link} to="/signin" state={signInRedirectState(location)} size="md">
          {t("buy.action")}
        </Button>
        <Button component={Link} to="/signin" state={signInRedirectState(location)} size="md" variant="light">
          {t("messageSeller")}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <BuyButton product={product} buyer={viewer} />
      <MessageSellerButton productId={product.id} />
    </Stack>
  );
}
