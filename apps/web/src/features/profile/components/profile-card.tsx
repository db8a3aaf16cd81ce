import { Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "@/shared/auth/current-user";
import { ReportButton } from "@/shared/reports/report-button";
import type { Profile } from "../api/get-profile";
import { AvatarEditor } from "./avatar-editor";
import { DescriptionEditor } from "./description-editor";
import { ProfileFacts } from "./profile-facts";
import { ProfileMenu } from "./profile-menu";
import { ProfileStatusBadges } from "./profile-status-badges";
import { UserAvatar } from "./user-avatar";

const AVATAR_SIZE = 112;

/**
 * Who the user is: avatar, name, status, facts and description; the owner edits them here, a signed-in visitor
 * may report the user.
 */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const { user } = profile;
  const owner = profile.view === "owner";
  const { data: currentUser } = useCurrentUser();
  return (
    <Card component="section" aria-labelledby="profile-name" pos="relative">
      {owner && (
        <Box pos="absolute" top="var(--mantine-spacing-sm)" right="var(--mantine-spacing-sm)">
          <ProfileMenu />
        </Box>
      )}
      <Stack gap="md">
        <Stack align="center" gap="xs">
          {owner ? (
            <AvatarEditor username={user.username} avatarUrl={user.avatar_url} size={AVATAR_SIZE} />
          ) : (
            <UserAvatar
              username={user.username}
              src={user.avatar_url}
              alt={t("avatar.alt", { username: user.username })}
              size={AVATAR_SIZE}
            />
          )}
          <Title order={1} id="profile-name" fz="h2" ta="center" style={{ overflowWrap: "anywhere" }}>
            {user.username}
          </Title>
          <ProfileStatusBadges isBanned={user.is_banned} isActive={user.is_active} />
        </Stack>
        <ProfileFacts profile={profile} />
        {!owner && currentUser && (
          <Group justify="center">
            <ReportButton target={{ kind: "user", username: user.username }} />
          </Group>
        )}
        {owner ? (
          <DescriptionEditor description={user.description} />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("description.about")}
            </Text>
            <Text
              size="sm"
              c={user.description ? undefined : "dimmed"}
              style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}
            >
              {user.description || t("description.none")}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
