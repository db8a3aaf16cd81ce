import { useState, type ReactNode } from "react";
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { CURRENCY, formatPrice, PRODUCT_PRICE_MAX } from "@lootlane/contract";
import { formatCount } from "@/shared/format/number";
import { useStockProblemsText } from "../stock/stock-problem-text";
import { CategoryFields } from "./category-fields";
import { DeliveryFields } from "./delivery-fields";
import { ImagePicker } from "./image-picker";
import {
  checkCategory,
  checkDeliveryNote,
  checkImageCount,
  checkPrice,
  checkProductText,
  checkQuantity,
  checkStockItems,
  isMissing,
  type RuleProblem,
} from "./product-form-rules";
import { categoryIdOf, type ProductFormValues } from "./product-form-values";
import { WholeNumberInput } from "./whole-number-input";
import { useServerFieldErrors, useRefusalText } from "./server-refusal";

interface ProductFormProps {
  initialValues: ProductFormValues;
  /** Editing a listing: units typed in are added to its stock, so the box may stay empty. */
  editing?: boolean;
  submitLabel: string;
  pending: boolean;
  /** Sends the checked values; a rejection is shown in the form (validation errors, translated codes). */
  onSubmit: (values: ProductFormValues) => Promise<unknown>;
  /** Edit: Save stays off until something changed; the text says why. */
  unchangedHint?: (values: ProductFormValues) => string | null;
  /** Above the fields, e.g. the edit page's moderation warning. */
  notice?: ReactNode;
  /** Beside the submit button, e.g. Cancel. */
  secondaryAction?: ReactNode;
}

/**
 * Each field's first broken rule, in the order the fields appear, so the first error is the first one on screen.
 * Only the chosen delivery's fields are checked. When editing, units are needed only by a listing becoming `auto`,
 * an unchanged quantity is not checked again (a sold-out listing offers 0), and a note once written cannot be
 * emptied (the API keeps a note it is not sent), only rewritten.
 */
function problemsOf(
  values: ProductFormValues,
  initial: ProductFormValues,
  editing: boolean,
): Partial<Record<keyof ProductFormValues, RuleProblem | null>> {
  const auto = values.delivery === "auto";
  const kindChanged = values.delivery !== initial.delivery;
  const unitsNeeded = auto && (!editing || kindChanged || values.stockItems.trim() !== "");
  const quantityChecked = !auto && (!editing || kindChanged || values.quantity !== initial.quantity);
  const noteKept = editing && !kindChanged && initial.productData.trim() !== "";
  return {
    title: checkProductText("title", values.title),
    description: checkProductText("description", values.description),
    price: checkPrice(values.price),
    gameId: checkCategory(categoryIdOf(values)),
    stockItems: unitsNeeded ? checkStockItems(values.stockItems) : null,
    quantity: quantityChecked ? checkQuantity(values.quantity) : null,
    productData:
      auto && !noteKept ? checkDeliveryNote(values.productData) : checkProductText("product_data", values.productData),
    images: checkImageCount(values.images.length),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The product's fields for Create and Edit (SPEC §2, §5): checked with the contract's rules in the interface
 * language before anything is sent; the server's refusal is shown below, with its validation errors at their
 * fields too.
 */
export function ProductForm({
  initialValues,
  editing = false,
  submitLabel,
  pending,
  onSubmit,
  unchangedHint,
  notice,
  secondaryAction,
}: ProductFormProps) {
  const { t } = useTranslation("productForm");
  const refusalText = useRefusalText();
  const serverFieldErrors = useServerFieldErrors();
  const stockText = useStockProblemsText();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const check = (values: ProductFormValues) => problemsOf(values, initialValues, editing);
  const message = (field: string, problem: RuleProblem | null) => {
    if (!problem) return null;
    if (problem.key === "stock") return stockText(problem.stock);
    const { min, max } = problem.limits ?? {};
    return t(`validation.${problem.key}`, { min, max: max === undefined ? undefined : limitText(field, max) });
  };
  const form = useForm<ProductFormValues>({
    initialValues,
    validate: (values) =>
      Object.fromEntries(Object.entries(check(values)).map(([field, problem]) => [field, message(field, problem)])),
  });
  const values = form.getValues();
  const missing = attempted && Object.values(check(values)).some(isMissing);
  const hint = unchangedHint?.(values) ?? null;

  const submit = form.onSubmit(
    async (checked) => {
      setRefusal(null);
      try {
        await onSubmit(checked);
      } catch (error) {
        setRefusal(refusalText(error));
        form.setErrors(serverFieldErrors(error));
      }
    },
    (errors) => {
      setAttempted(true);
      const first = Object.keys(errors).find((field) => errors[field]);
      if (first) form.getInputNode(first)?.focus();
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {notice}
        <Section title={t("sections.details")}>
          <TextInput
            label={t("fields.title.label")}
            placeholder={t("fields.title.placeholder")}
            withAsterisk
            {...form.getInputProps("title")}
          />
          <Textarea
            label={t("fields.description.label")}
            placeholder={t("fields.description.placeholder")}
            withAsterisk
            rows={5}
            resize="vertical"
            {...form.getInputProps("description")}
          />
          <WholeNumberInput
            label={t("fields.price.label")}
            description={t("fields.price.description")}
            max={PRODUCT_PRICE_MAX}
            hideControls
            rightSection={<Text c="dimmed">{CURRENCY.symbol}</Text>}
            {...form.getInputProps("price")}
          />
        </Section>
        <Section title={t("sections.category")}>
          <CategoryFields form={form} />
        </Section>
        <Section title={t("sections.goods")}>
          <DeliveryFields form={form} editing={editing} />
        </Section>
        <Section title={t("sections.images")}>
          <ImagePicker
            value={values.images}
            onChange={(images) => form.setFieldValue("images", images)}
            error={form.errors.images}
          />
        </Section>
        <Stack gap="sm">
          {missing && (
            <Alert color="red" variant="light">
              {t("validation.fillAllFields")}
            </Alert>
          )}
          {refusal && (
            <Alert color="red" variant="light">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {hint && (
              <Text size="sm" c="dimmed" mr="auto">
                {hint}
              </Text>
            )}
            {secondaryAction}
            <Button type="submit" loading={pending} disabled={hint !== null}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}

/** A price limit reads as money ("10 000 000 ₽"), a quantity as a count ("1 000 000"), a length as a plain number. */
function limitText(field: string, max: number): string {
  if (field === "price") return formatPrice(max);
  return field === "quantity" ? formatCount(max) : String(max);
}
