import { Box, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { PageTitle } from "@/shared/ui/page-title";
import { useCreateProduct } from "../api/create-product";
import { ProductForm } from "../components/product-form/product-form";
import {
  createFieldsOf,
  emptyProductForm,
  newFilesOf,
  type ProductFormValues,
} from "../components/product-form/product-form-values";

/** /product/create (SPEC §2 Create product); after it the seller lands on their own profile (SPEC §2 redirects). */
export function ProductCreatePage() {
  const { t } = useTranslation("productForm");
  const navigate = useNavigate();
  // RequireAuth renders this page only once the user is known.
  const { data: user } = useCurrentUser();
  const create = useCreateProduct();

  const submit = async (values: ProductFormValues) => {
    await create.mutateAsync({ fields: createFieldsOf(values), images: newFilesOf(values.images) });
    notifications.show({ color: "green", message: t("create.created") });
    // Replace: Back from the profile should not reopen a form for a product that now exists.
    await navigate(user ? `/profile/${encodeURIComponent(user.username)}` : "/", { replace: true });
  };

  return (
    <Box maw={760} mx="auto">
      <PageTitle>{t("create.title")}</PageTitle>
      <Text c="dimmed" mt="-sm" mb="lg">
        {t("create.intro")}
      </Text>
      <ProductForm
        initialValues={emptyProductForm}
        submitLabel={t("create.submit")}
        pending={create.isPending}
        onSubmit={submit}
      />
    </Box>
  );
}
