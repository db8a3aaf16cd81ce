import { Anchor, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { adminDealsQueryKey } from "@/shared/deals/admin-deals-query-key";
import { useRealtimeEvent } from "@/shared/realtime/use-realtime-event";

const DEALS_PATH = "/admin/deals";

/**
 * What needs an admin wherever they are in the app: a buyer opened a dispute. It stays until dismissed, since the
 * money waits in escrow for the admin's decision. Notifications render outside the router, so the link
 * navigates through the listener's router rather than being a router Link. The admin's deal list is refreshed.
 */
function AdminAlertListener() {
  const { t } = useTranslation("layout");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useRealtimeEvent("dispute_opened", (deal) => {
    // The new dispute belongs at the top of /admin/deals, whether it is open now or visited later.
    void queryClient.invalidateQueries({ queryKey: adminDealsQueryKey });
    const open = (event: React.MouseEvent) => {
      event.preventDefault();
      notifications.hide(deal.id);
      void navigate(DEALS_PATH);
    };
    notifications.show({
      id: deal.id,
      color: "orange",
      title: t("alerts.disputeTitle"),
      autoClose: false,
      message: (
        <>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("alerts.disputeText", { buyer: deal.buyer.username, title: deal.product.title })}
          </Text>
          <Anchor href={DEALS_PATH} size="sm" onClick={open}>
            {t("alerts.disputeLink")}
          </Anchor>
        </>
      ),
    });
  });
  return null;
}

export function AdminAlerts() {
  const { data: user } = useCurrentUser();
  return user?.role === "admin" ? <AdminAlertListener /> : null;
}
