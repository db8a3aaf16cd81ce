import { Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useProduct } from "../api/get-product";
import { ProductGallery } from "../components/product-page/product-gallery";
import { ProductGoods } from "../components/product-page/product-goods";
import { ProductNotFound } from "../components/product-page/product-not-found";
import classes from "../components/product-page/product-page-layout.module.css";
import { ProductPageSkeleton } from "../components/product-page/product-page-skeleton";
import { ProductSummary } from "../components/product-page/product-summary";
import { SellerReviews } from "../components/product-page/seller-reviews";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { TopUpReturn } from "@/shared/wallet/top-up-return";

/**
 * /product/{productId} (SPEC §2 Product page): pictures, details, seller with their stats and newest reviews; the
 * owner's edit and delete.
 */
export function ProductPage() {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const { productId = "" } = useParams();
  const { data: currentUser } = useCurrentUser();
  const product = useProduct(productId);
  useDocumentTitle(tc("documentTitle", { title: product.data?.title ?? t("page.title") }));

  // Checked before the data: a product deleted since it was cached answers 404 on its refetch.
  if (product.isError && toApiError(product.error).status === 404) return <ProductNotFound />;
  if (!product.data) {
    if (!product.isError) return <ProductPageSkeleton />;
    return <LoadErrorAlert title={t("loadError")} error={product.error} onRetry={() => void product.refetch()} />;
  }

  const { data } = product;
  const isAdmin = currentUser?.role === "admin";
  const goods = data.product_data ?? data.product_data_string;
  return (
    <div className={classes.layout}>
      <div className={classes.gallery}>
        <ProductGallery title={data.title} images={data.images} />
      </div>
      <Stack className={classes.aside} gap="md">
        {/* Back from paying a top-up started in the Buy dialog: its status, and Pay once it is credited. */}
        <TopUpReturn />
        <ProductSummary product={data} viewer={currentUser ?? null} />
      </Stack>
      <Stack className={classes.details} gap="lg">
        <Stack gap="xs" component="section" aria-labelledby="product-description-title">
          <Title order={2} fz="h4" id="product-description-title">
            {t("details.description")}
          </Title>
          <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{data.description}</Text>
        </Stack>
        {goods && (data.is_owner || isAdmin) && <ProductGoods goods={goods} owner={data.is_owner} />}
        <SellerReviews username={data.seller.username} />
      </Stack>
    </div>
  );
}
