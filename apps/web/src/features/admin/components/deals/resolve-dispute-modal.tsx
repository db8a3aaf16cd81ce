import { useState } from "react";
import { Modal, Radio, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBalance, formatPrice, type Deal, type DisputeResolution } from "@lootlane/contract";
import { DecisionFooter } from "../decision-footer";

export type ProductAfterRefund = "active" | "withdrawn";

interface ResolveDisputeModalProps {
  deal: Deal;
  /** The decision being confirmed; the dialog is closed while null. */
  resolution: DisputeResolution | null;
  pending: boolean;
  error: unknown;
  onConfirm: (productStatus: ProductAfterRefund | undefined) => void;
  onClose: () => void;
}

function RefundChoice({
  value,
  onChange,
  disabled,
}: {
  value: ProductAfterRefund;
  onChange: (value: ProductAfterRefund) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("adminDeals");
  return (
    <Radio.Group
      label={t("refund.productLabel")}
      value={value}
      onChange={(next) => onChange(next === "withdrawn" ? "withdrawn" : "active")}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="active" label={t("refund.active")} description={t("refund.activeHint")} disabled={disabled} />
        <Radio
          value="withdrawn"
          label={t("refund.withdrawn")}
          description={t("refund.withdrawnHint")}
          disabled={disabled}
        />
      </Stack>
    </Radio.Group>
  );
}

/**
 * Asks before money moves for good: what a release or a refund does to this deal and, for a refund, whether the
 * product goes back on sale (the default) or is withdrawn. It stays open while the decision is sent and shows
 * why it was refused, if it is.
 */
export function ResolveDisputeModal({
  deal,
  resolution,
  pending,
  error,
  onConfirm,
  onClose,
}: ResolveDisputeModalProps) {
  const { t } = useTranslation("adminDeals");
  const [productStatus, setProductStatus] = useState<ProductAfterRefund>("active");
  const values = {
    title: deal.product.title,
    price: formatPrice(deal.price),
    commission: formatBalance(deal.commission),
    buyer: deal.buyer.username,
    seller: deal.seller.username,
  };
  const refund = resolution === "refund";

  function close() {
    if (!pending) onClose();
  }

  return (
    <Modal opened={resolution !== null} onClose={close} title={t(refund ? "refund.title" : "release.title")} centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t(refund ? "refund.text" : "release.text", values)}
        </Text>
        {refund && <RefundChoice value={productStatus} onChange={setProductStatus} disabled={pending} />}
        <DecisionFooter
          error={error}
          errorTitle={t("resolveError")}
          pending={pending}
          onCancel={close}
          confirmLabel={t(refund ? "refund.confirm" : "release.confirm")}
          confirmColor={refund ? "orange" : "teal"}
          onConfirm={() => onConfirm(refund ? productStatus : undefined)}
        />
      </Stack>
    </Modal>
  );
}
