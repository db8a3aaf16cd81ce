import { useState } from "react";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Product } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { CheckCircleIcon, LineIcon } from "@/shared/ui/icons";
import { useApproveProduct } from "../../api/approve-product";
import { useRejectProduct } from "../../api/reject-product";
import { useTakeDownProduct } from "../../api/take-down-product";
import { ReasonModal } from "./reason-modal";

type Target = Pick<Product, "id" | "title">;

/** Listings an admin may take down: they passed moderation and are on sale, paused, or one relist away from it. */
export const TAKE_DOWN_STATUSES: readonly Product["status"][] = [
  "active",
  "paused",
  "purchased",
  "completed",
  "refunded",
];

function ViewButton({ product }: { product: Target }) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Button
      size="xs"
      variant="default"
      component={Link}
      to={`/product/${product.id}`}
      aria-label={t("products.viewProduct", { title: product.title })}
    >
      {t("products.view")}
    </Button>
  );
}

/**
 * View, Approve and Reject for a product in moderation; Reject asks for the reason the seller reads. Each item
 * has its own mutations, so only this item's buttons are disabled while its decision is on the way (and until
 * the list shows the outcome).
 */
export function ModerationActions({ product }: { product: Target }) {
  const { t } = useTranslation("adminCatalog");
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const [asking, setAsking] = useState(false);
  const busy = approve.isPending || reject.isPending;
  const vars = { title: product.title };

  function approveIt() {
    approve.mutate(product.id, {
      onSuccess: () => notifications.show({ color: "green", message: t("products.approvedDone", vars) }),
      onError: (error) =>
        notifications.show({ color: "red", title: t("products.approveFailed", vars), message: describeError(error) }),
    });
  }

  function rejectIt(reason: string) {
    reject.mutate(
      { product_id: product.id, reason },
      {
        onSuccess: () => {
          setAsking(false);
          notifications.show({ color: "green", message: t("products.rejectedDone", vars) });
        },
      },
    );
  }

  return (
    <Group gap="xs" wrap="wrap">
      <ViewButton product={product} />
      <Button
        size="xs"
        color="green"
        loading={approve.isPending}
        disabled={busy}
        aria-label={t("products.approveProduct", vars)}
        onClick={approveIt}
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
        onClick={() => {
          reject.reset();
          setAsking(true);
        }}
      >
        {t("products.reject")}
      </Button>
      <ReasonModal
        dialog="rejectDialog"
        title={product.title}
        opened={asking}
        pending={reject.isPending}
        error={reject.error}
        onConfirm={rejectIt}
        onClose={() => setAsking(false)}
      />
    </Group>
  );
}

/** View and Take down for a listing that passed moderation; taking down asks for the reason the seller reads. */
export function TakeDownAction({ product }: { product: Target }) {
  const { t } = useTranslation("adminCatalog");
  const takeDown = useTakeDownProduct();
  const [asking, setAsking] = useState(false);
  const vars = { title: product.title };

  function confirm(reason: string) {
    takeDown.mutate(
      { product_id: product.id, reason },
      {
        onSuccess: () => {
          setAsking(false);
          notifications.show({ color: "green", message: t("products.takenDownDone", vars) });
        },
      },
    );
  }

  return (
    <Group gap="xs" wrap="wrap">
      <ViewButton product={product} />
      <Button
        size="xs"
        color="red"
        variant="light"
        aria-label={t("products.takeDownProduct", vars)}
        onClick={() => {
          takeDown.reset();
          setAsking(true);
        }}
      >
        {t("products.takeDown")}
      </Button>
      <ReasonModal
        dialog="takeDownDialog"
        title={product.title}
        opened={asking}
        pending={takeDown.isPending}
        error={takeDown.error}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
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
 * (on sale, paused, bought, completed, refunded, withdrawn, suspended) can only follow an approval.
 */
export function ModerationMark({ status }: { status: Product["status"] }) {
  const { t } = useTranslation("adminCatalog");
  const rejected = status === "rejected";
  return (
    <Group gap={6} wrap="nowrap" c={rejected ? "red.9" : "teal.9"}>
      {rejected ? <CrossCircleIcon size={18} /> : <CheckCircleIcon size={18} />}
      <Text size="sm" fw={500}>
        {rejected ? t("products.rejected") : t("products.approved")}
      </Text>
    </Group>
  );
}
