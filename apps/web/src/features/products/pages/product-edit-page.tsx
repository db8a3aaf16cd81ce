import { useState } from "react";
import { Alert, Box, Button, Group, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ProductDetail } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { PageLoader } from "@/shared/ui/page-loader";
import { PageTitle } from "@/shared/ui/page-title";
import { useProduct } from "../api/get-product";
import { useUpdateProduct } from "../api/update-product";
import { ProductForm } from "../components/product-form/product-form";
import {
  changesBetween,
  formValuesOf,
  hasChanges,
  type ProductFormValues,
} from "../components/product-form/product-form-values";
import { ProductNotFound } from "../components/product-page/product-not-found";
import { ProductStatusNote } from "../components/product-page/product-status-note";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The owner's form, starting from the product as loaded; what it sends is the difference from that start. */
function EditProductForm({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("productForm");
  const navigate = useNavigate();
  const update = useUpdateProduct();
  // Frozen at mount: a refetch of the product must not move the baseline the changes are measured from.
  const [initial] = useState(() => formValuesOf(product));
  const productPath = `/product/${encodeURIComponent(product.id)}`;

  const submit = async (values: ProductFormValues) => {
    const saved = await update.mutateAsync({ productId: product.id, ...changesBetween(initial, values) });
    // The server decides: content edits go back to moderation, a new price or fewer images do not.
    notifications.show({
      color: "green",
      message: t(saved.status === "moderation" ? "edit.savedForModeration" : "edit.saved"),
    });
    // Replace: Back from the product page should not reopen the form that was just saved.
    await navigate(productPath, { replace: true });
  };

  return (
    <ProductForm
      initialValues={initial}
      editing
      submitLabel={t("edit.submit")}
      pending={update.isPending}
      onSubmit={submit}
      unchangedHint={(values) => (hasChanges(changesBetween(initial, values)) ? null : t("edit.unchanged"))}
      notice={
        <Stack gap="sm">
          {/* Why moderation refused it, while the seller fixes it. */}
          <ProductStatusNote product={product} />
          {/* A standing note, not an alert: it is there from the start and needs no announcement. */}
          <Alert color="yellow" variant="light" role="note">
            {t("edit.moderationWarning")}
          </Alert>
          {product.delivery === "auto" && (
            <Group justify="flex-end">
              <Button component={Link} to={`${productPath}/stock`} variant="light">
                {t("edit.manageStock")}
              </Button>
            </Group>
          )}
        </Stack>
      }
      secondaryAction={
        <Button component={Link} to={productPath} variant="default">
          {t("edit.cancel")}
        </Button>
      }
    />
  );
}

/** /product/edit/{id} (SPEC §2, §6): the product's owner only; anyone else gets the page-forbidden screen. */
export function ProductEditPage() {
  const { t } = useTranslation("productForm");
  const { id = "" } = useParams();
  const product = useProduct(id);

  // A product others may not see (moderation, rejected, deleted) answers 404 to them, the same as a missing one.
  if (product.isError && toApiError(product.error).status === 404) return <ProductNotFound />;
  if (!product.data) {
    if (!product.isError) return <PageLoader />;
    return <LoadErrorAlert title={t("edit.loadError")} error={product.error} onRetry={() => void product.refetch()} />;
  }
  if (!product.data.is_owner) return <Navigate to="/not-access" replace />;

  return (
    <Box maw={760} mx="auto">
      <PageTitle>{t("edit.title")}</PageTitle>
      {/* Keyed, so moving to another product's edit address starts a fresh form. */}
      <EditProductForm key={product.data.id} product={product.data} />
    </Box>
  );
}
