import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { stockMessagesOf, useStockProblemsText } from "../stock/stock-problem-text";
import type { ProductFormValues } from "./product-form-values";

type FormField = keyof ProductFormValues;

/** The multipart field names of POST/PATCH /products/ → the form's fields. */
const SERVER_FIELDS: Partial<Record<string, FormField>> = {
  title: "title",
  description: "description",
  price: "price",
  product_data: "productData",
  category_id: "gameId",
  delivery: "delivery",
  stock_items: "stockItems",
  quantity: "quantity",
  uploaded_images: "images",
  deleted_image_ids: "images",
};

/**
 * The server's validation problems, each next to its field as well as in the banner; the units' problems all
 * together, in the interface language where they can be read back.
 */
export function useServerFieldErrors(): (error: unknown) => Partial<Record<FormField, string>> {
  const stockText = useStockProblemsText();
  return useCallback(
    (error) => {
      const errors = fieldErrorsOf(error, { serverFields: SERVER_FIELDS });
      const stock = stockText(stockMessagesOf(error));
      return stock ? { ...errors, stockItems: stock } : errors;
    },
    [stockText],
  );
}

/**
 * The banner text for a refused create or update. SPEC §8: validation errors are each message, joined by commas,
 * after the 'validationErrors' prefix; each names its field in the interface language, since "At least 10
 * characters" alone does not say where. Any other refusal is the translated text of its code (SPEC §8 order).
 */
export function useRefusalText(): (error: unknown) => string {
  const { t } = useTranslation("productForm");
  const stockText = useStockProblemsText();
  return useCallback(
    (error) => {
      const { fieldErrors = [] } = toApiError(error);
      if (fieldErrors.length === 0) return describeError(error);
      const labels: Partial<Record<FormField, string>> = {
        title: t("fields.title.label"),
        description: t("fields.description.label"),
        price: t("fields.price.label"),
        productData: t("fields.productData.label"),
        gameId: t("sections.category"),
        delivery: t("delivery.label"),
        stockItems: t("stock.label"),
        quantity: t("fields.quantity.label"),
        images: t("fields.images.label"),
      };
      const errors = fieldErrors.map(({ field, message }) => {
        const formField = SERVER_FIELDS[field];
        const text = field === "stock_items" ? (stockText([message]) ?? message) : message;
        return `${(formField && labels[formField]) ?? field}: ${text}`;
      });
      return t("serverErrors.validationErrors", { errors: errors.join(", ") });
    },
    [t, stockText],
  );
}
