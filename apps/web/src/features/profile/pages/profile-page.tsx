import { useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { WALLET_CHANGED_EVENT } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useRealtimeEvent } from "@/shared/realtime/use-realtime-event";
import { PageLoader } from "@/shared/ui/page-loader";
import { profileQueryKey, useProfile } from "../api/get-profile";
import { ProfileCard } from "../components/profile-card";
import { ProfileTabs } from "../components/profile-tabs";
import classes from "./profile-page.module.css";

/** /profile/{username} (SPEC §2 Profile): the owner's view when it is the signed-in user's own, else the visitor's. */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const { t: tc } = useTranslation("common");
  const { username = "" } = useParams();
  const { data: currentUser } = useCurrentUser();
  const profile = useProfile(username, currentUser?.username ?? null);
  useDocumentTitle(tc("documentTitle", { title: t("title", { username }) }));
  const queryClient = useQueryClient();
  // The owner's balance moved outside this page (a top-up settled, a withdrawal returned): show the new one.
  useRealtimeEvent(
    WALLET_CHANGED_EVENT,
    () => void queryClient.invalidateQueries({ queryKey: profileQueryKey(username) }),
  );

  if (!profile.data) {
    if (!profile.isError) return <PageLoader />;
    // SPEC §2 redirects: an unknown user has its own screen; any other failure the generic one.
    return <Navigate to={toApiError(profile.error).status === 404 ? "/404" : "/error"} replace />;
  }

  return (
    <div className={classes.layout}>
      {/* Keyed, so an unsaved description or picked avatar never carries over to another profile. */}
      <ProfileCard key={username} profile={profile.data} />
      <ProfileTabs profile={profile.data} />
    </div>
  );
}
