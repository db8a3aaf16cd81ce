import { Group, Radio, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { MANUAL_QUANTITY_MAX, productDeliverySchema, type ProductDelivery } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { StockItemsField } from "../stock/stock-items-field";
import { LockIcon } from "./product-form-icons";
import type { ProductFormValues } from "./product-form-values";
import { WholeNumberInput } from "./whole-number-input";

interface DeliveryFieldsProps {
  form: UseFormReturnType<ProductFormValues>;
  /** Editing: the units box adds to the stock the listing has, and may stay empty. */
  editing: boolean;
}

/** A choice of how the goods reach the buyer, as two cards: each says what it is for. */
function DeliveryChoice({
  value,
  onChange,
}: {
  value: ProductDelivery;
  onChange: (delivery: ProductDelivery) => void;
}) {
  const { t } = useTranslation("productForm");
  return (
    <Radio.Group
      value={value}
      onChange={(chosen) => onChange(productDeliverySchema.parse(chosen))}
      label={t("delivery.label")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        {productDeliverySchema.options.map((kind) => (
          <Radio.Card key={kind} value={kind} radius="md" p="md">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{t(`delivery.${kind}.label`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`delivery.${kind}.description`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * What the buyer receives (ARCHITECTURE §4 "Stock"): `auto` — units of stock, each buyer instantly getting their
 * own, with an optional note for every buyer; `manual` — a quantity the seller hands over in the chat, and a
 * description of what that is.
 */
export function DeliveryFields({ form, editing }: DeliveryFieldsProps) {
  const { t } = useTranslation("productForm");
  const { delivery, stockItems } = form.getValues();
  const secret = (
    <Group component="span" gap={6} wrap="nowrap" align="flex-start">
      <LockIcon size={16} style={{ flexShrink: 0 }} />
      <span>{t(delivery === "auto" ? "stock.description" : "fields.productData.description")}</span>
    </Group>
  );

  return (
    <>
      <DeliveryChoice value={delivery} onChange={(chosen) => form.setFieldValue("delivery", chosen)} />
      {delivery === "auto" ? (
        <>
          <StockItemsField
            {...form.getInputProps("stockItems")}
            value={stockItems}
            onChange={(text) => form.setFieldValue("stockItems", text)}
            label={t(editing ? "stock.addLabel" : "stock.label")}
            description={secret}
            placeholder={t("stock.placeholder")}
            withAsterisk={!editing}
          />
          <Textarea
            label={t("fields.note.label")}
            description={t("fields.note.description")}
            placeholder={t("fields.note.placeholder")}
            rows={2}
            resize="vertical"
            inputWrapperOrder={["label", "description", "input", "error"]}
            {...form.getInputProps("productData")}
          />
        </>
      ) : (
        <>
          <WholeNumberInput
            label={t("fields.quantity.label")}
            description={t("fields.quantity.description")}
            max={MANUAL_QUANTITY_MAX}
            {...form.getInputProps("quantity")}
          />
          <Textarea
            label={t("fields.productData.label")}
            description={secret}
            placeholder={t("fields.productData.placeholder")}
            withAsterisk
            rows={3}
            resize="vertical"
            inputWrapperOrder={["label", "description", "input", "error"]}
            {...form.getInputProps("productData")}
          />
        </>
      )}
    </>
  );
}
