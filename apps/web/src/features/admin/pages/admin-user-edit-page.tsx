import { Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "@/shared/ui/page-loader";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminUser } from "../api/get-admin-user";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { UserEditForm } from "../components/users/user-edit-form";

/** /admin/users/edit/{id} (SPEC §2 Admin edit user): the user's form once they have loaded, errorLoading if not. */
export function AdminUserEditPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const user = useAdminUser(id);

  return (
    <Stack gap={0}>
      <PageTitle>{t("userEdit.title")}</PageTitle>
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <LoadErrorAlert title={t("userEdit.errorLoading")} error={user.error} onRetry={() => void user.refetch()}>
          <Button variant="default" component={Link} to="/admin/users">
            {t("userEdit.backToUsers")}
          </Button>
        </LoadErrorAlert>
      ) : (
        // Keyed by user: another user's form starts from their own values.
        <UserEditForm key={user.data.id} user={user.data} />
      )}
    </Stack>
  );
}
