import { useId, type ReactNode } from "react";
import { ActionIcon, Badge, Box, Button, Card, Flex, Group, Menu, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatBalance, type User } from "@lootlane/contract";
import { formatDate } from "@/shared/format/date";
import { formatRating } from "@/shared/format/number";
import { LineIcon } from "@/shared/ui/icons";
import { AdminUserAvatar } from "./admin-user-avatar";
import { BanUserButton, UnbanUserButton } from "./ban-user-button";
import { UserRoleBadge, UserStatusBadge } from "./user-badges";

function DotsIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </LineIcon>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        {children}
      </Group>
    </Box>
  );
}

/**
 * One user of the admin list (SPEC §2 Admin users): who they are, their standing and money, and what an admin
 * may do. A stacked card on a phone; on wider screens the actions move to the right of the facts.
 */
export function AdminUserCard({ user }: { user: User }) {
  const { t } = useTranslation("admin");
  const nameId = useId();
  // SPEC: no Ban for a banned user or an admin; beyond the spec, a banned user can be unbanned.
  const canBan = !user.is_banned && user.role !== "admin";

  return (
    <Card component="li" aria-labelledby={nameId} withBorder radius="md" padding="md">
      <Flex direction={{ base: "column", md: "row" }} gap="md" align={{ base: "stretch", md: "flex-start" }}>
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: 1, minWidth: 0 }}>
          <AdminUserAvatar username={user.username} src={user.avatar_url} />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text id={nameId} fw={600} style={{ overflowWrap: "anywhere" }}>
                {user.username}
              </Text>
              <UserStatusBadge user={user} />
              <UserRoleBadge role={user.role} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
            <Text
              size="sm"
              lineClamp={3}
              c={user.description ? undefined : "dimmed"}
              style={{ overflowWrap: "anywhere" }}
            >
              {user.description || t("users.noDescription")}
            </Text>
            <Group gap="lg" wrap="wrap" mt={4}>
              <Fact label={t("users.balance")}>
                <Text size="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
                  {formatBalance(user.balance)}
                </Text>
                {user.has_frozen_balance && (
                  <Badge color="cyan" variant="light" size="sm">
                    {t("users.frozen")}
                  </Badge>
                )}
              </Fact>
              <Fact label={t("users.memberSince")}>
                <Text size="sm">{formatDate(user.created_at)}</Text>
              </Fact>
              <Fact label={t("users.rating")}>
                <Text size="sm">{formatRating(user.rating)}</Text>
              </Fact>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flexShrink: 0 }}>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/profile/${encodeURIComponent(user.username)}`}
            aria-label={t("users.profileOf", { username: user.username })}
          >
            {t("users.profile")}
          </Button>
          {canBan && <BanUserButton user={user} />}
          {user.is_banned && <UnbanUserButton user={user} />}
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t("users.actions", { username: user.username })}
              >
                <DotsIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={`/admin/users/edit/${encodeURIComponent(user.id)}`}>
                {t("users.edit")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Flex>
    </Card>
  );
}
