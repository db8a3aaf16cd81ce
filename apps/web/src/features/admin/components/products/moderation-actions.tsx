import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Product } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { CheckCircleIcon, LineIcon } from "@/shared/ui/icons";
import { useApproveProduct } from "../../api/approve-product";
import { useRejectProduct } from "../../api/reject-product";

type Target = Pick<Product, "id" | "title">;

/**
 * View, Approve and Reject for a product in moderation. Each item has its own pair of mutations, so only this
 * item's buttons are disabled while its decision is on the way (and until the list shows the outcome).
 */
export function ModerationActions({ product }: { product: Target }) {
  const { t } = useTranslation("adminCatalog");
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const busy = approve.isPending || reject.isPending;
  const vars = { title: product.title };

  function decide(mutation: typeof approve, done: string, failed: string) {
    mutation.mutate(product.id, {
      onSuccess: () => notifications.show({ color: "green", message: done }),
      onError: (error) => notifications.show({ color: "red", title: failed, message: describeError(error) }),
    });
  }

  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        component={Link}
        to={`/product/${product.id}`}
        aria-label={t("products.viewProduct", vars)}
      >
        {t("products.view")}
      </Button>
      <Button
        size="xs"
        color="green"
        loading={approve.isPending}
        disabled={busy}
        aria-label={t("products.approveProduct", vars)}
        onClick={() => decide(approve, t("products.approvedDone", vars), t("products.approveFailed", vars))}
      >
        {t("products.approve")}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        loading={reject.isPending}
        disabled={busy}
        aria-label={t("products.rejectProduct", vars)}
        onClick={() => decide(reject, t("products.rejectedDone", vars), t("products.rejectFailed", vars))}
      >
        {t("products.reject")}
      </Button>
    </Group>
  );
}

function CrossCircleIcon({ size }: { size: number }) {
  return (
    <LineIcon size={size}>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </LineIcon>
  );
}

/**
 * The outcome of moderation for a product no longer in it: rejected, or approved — every other status
 * (on sale, bought, completed, refunded, withdrawn, suspended) can only follow an approval.
 */
export function ModerationMark({ status }: { status: Product["status"] }) {
  const { t } = useTranslation("adminCatalog");
  const rejected = status === "rejected";
  return (
    <Group gap={6} wrap="nowrap" c={rejected ? "red.7" : "green.7"}>
      {rejected ? <CrossCircleIcon size={18} /> : <CheckCircleIcon size={18} />}
      <Text size="sm" fw={500}>
        {rejected ? t("products.rejected") : t("products.approved")}
      </Text>
    </Group>
  );
}
