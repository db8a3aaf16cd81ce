import { useState } from "react";
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, type ButtonProps } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { MANUAL_QUANTITY_MAX, type Product } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { toApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";
import { useChangeListing, type ListingChange } from "./control-listing";

type Listing = Pick<Product, "id" | "title" | "status" | "delivery">;

/** Sold out: nothing left to buy, so the seller may put it on sale again. */
const SOLD_OUT: readonly Product["status"][] = ["purchased", "completed", "refunded"];

/** What a seller can do with the listing now, if anything. */
export function listingAction(listing: Pick<Listing, "status">): ListingChange["action"] | null {
  if (listing.status === "active") return "pause";
  if (listing.status === "paused") return "resume";
  return SOLD_OUT.includes(listing.status) ? "relist" : null;
}

/** Why a change was refused, in the words of this screen: OUT_OF_STOCK says what to do about it. */
function useRefusalText() {
  const { t } = useTranslation("common");
  return (error: unknown) =>
    toApiError(error).code === "OUT_OF_STOCK" ? t("listing.outOfStock") : describeError(error);
}

/** A manual listing is relisted with the quantity the seller can deliver now. */
function RelistQuantityModal({ listing, opened, onClose }: { listing: Listing; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("common");
  const change = useChangeListing();
  const refusalText = useRefusalText();
  const [quantity, setQuantity] = useState<number | string>(1);
  const valid = typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1;

  function close() {
    if (change.isPending) return;
    change.reset();
    onClose();
  }

  function confirm() {
    if (!valid) return;
    change.mutate(
      { productId: listing.id, action: "relist", request: { quantity } },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ color: "green", message: t("listing.relisted", { title: listing.title }) });
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t("listing.relistTitle", { title: listing.title })} centered>
      <Stack gap="md">
        <Text size="sm">{t("listing.relistText")}</Text>
        <NumberInput
          label={t("listing.quantity")}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={MANUAL_QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus
        />
        {change.isError && (
          <Alert color="red" role="alert">
            {refusalText(change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={change.isPending}>
            {t("cancel")}
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={!valid}>
            {t("listing.relistConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The seller's Pause, Resume or Relist for one of their listings, whichever its status allows (nothing otherwise).
 * Each button names the listing for screen readers, as lists show several.
 */
export function ListingControls({ listing, size = "md" }: { listing: Listing; size?: ButtonProps["size"] }) {
  const { t } = useTranslation("common");
  const change = useChangeListing();
  const refusalText = useRefusalText();
  const [asking, setAsking] = useState(false);
  const action = listingAction(listing);
  if (!action) return null;
  const vars = { title: listing.title };

  function run(chosen: "pause" | "resume" | "relist") {
    if (chosen === "relist" && listing.delivery === "manual") {
      setAsking(true);
      return;
    }
    const request: ListingChange =
      chosen === "relist"
        ? { productId: listing.id, action: chosen, request: {} }
        : { productId: listing.id, action: chosen };
    const done = { pause: "listing.paused", resume: "listing.resumed", relist: "listing.relisted" } as const;
    change.mutate(request, {
      onSuccess: () => notifications.show({ color: "green", message: t(done[chosen], vars) }),
      onError: (error) =>
        notifications.show({ color: "red", title: t("listing.failed", vars), message: refusalText(error) }),
    });
  }

  return (
    <>
      <Button
        size={size}
        variant={action === "pause" ? "default" : "light"}
        color={action === "pause" ? undefined : "green"}
        loading={change.isPending}
        aria-label={t(`listing.${action}Listing`, vars)}
        onClick={() => run(action)}
      >
        {t(`listing.${action}`)}
      </Button>
      {action === "relist" && listing.delivery === "manual" && (
        <RelistQuantityModal listing={listing} opened={asking} onClose={() => setAsking(false)} />
      )}
    </>
  );
}
