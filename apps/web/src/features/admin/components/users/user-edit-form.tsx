import { useEffect, useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  ADMIN_SAVE_REDIRECT_MS,
  BALANCE_MAX,
  CURRENCY,
  DESCRIPTION_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  type AdminUser,
} from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { formatDate } from "@/shared/format/date";
import { formatRating } from "@/shared/format/number";
import { useUpdateAdminUser } from "../../api/update-admin-user";
import { Fact } from "../fact";
import { AdminUserAvatar } from "./admin-user-avatar";
import {
  changedFields,
  toEditValues,
  userEditRules,
  type UserEditErrorKey,
  type UserEditValues,
} from "./user-edit-values";

const USERS_PATH = "/admin/users";

type FormField = keyof UserEditValues;
/** A validation answer names the contract's fields, which are the form's own. */
const SERVER_FIELDS: Partial<Record<string, FormField>> = {
  email: "email",
  username: "username",
  description: "description",
  avatar_url: "avatar_url",
  balance: "balance",
};

/**
 * The admin's form for any user's fields (SPEC §2 and §5 Admin edit user), with the server's own rules (issue 23:
 * the spec's 5–15 username and whole-number rating made many users unsaveable). The rating is shown, not edited:
 * it follows from reviews. Only changed fields are sent; after a save it says 'Saved sucessfully' (spelled as the
 * spec has it) and returns to the list 1.5 s later.
 */
export function UserEditForm({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const navigate = useNavigate();
  const update = useUpdateAdminUser();
  const [saved, setSaved] = useState(false);

  const message = (key: UserEditErrorKey | null) =>
    key ? t(`userEdit.errors.${key}`, { min: USERNAME_MIN, max: USERNAME_MAX, balanceMax: BALANCE_MAX }) : null;
  const form = useForm<UserEditValues>({
    initialValues: toEditValues(user),
    validate: {
      email: (value) => message(userEditRules.email(value)),
      username: (value) => message(userEditRules.username(value, user.username)),
      description: (value) => message(userEditRules.description(value)),
      balance: (value) => message(userEditRules.balance(value)),
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => void navigate(USERS_PATH), ADMIN_SAVE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  const submit = form.onSubmit((values) => {
    const changes = changedFields(user, values);
    if (Object.keys(changes).length === 0) {
      notifications.show({ color: "gray", message: t("userEdit.nothingChanged") });
      return;
    }
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => form.setErrors(fieldErrorsOf(error, { serverFields: SERVER_FIELDS })),
      },
    );
  });

  const locked = update.isPending || saved;
  const description = form.getValues().description;

  return (
    <Card withBorder radius="md" padding="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" gap="sm">
            <Group gap="md" wrap="nowrap" miw={0}>
              <AdminUserAvatar username={user.username} src={user.avatar_url} size={56} />
              <Text fw={600} fz="lg" style={{ overflowWrap: "anywhere" }}>
                {user.username}
              </Text>
            </Group>
            <Group gap="xs">
              <Button variant="light" size="xs" component={Link} to={`/admin/deals?user=${user.id}`}>
                {t("userEdit.deals")}
              </Button>
              <Button
                variant="light"
                size="xs"
                component={Link}
                to={`/admin/audit-log?target_type=user&target_id=${user.id}`}
              >
                {t("userEdit.auditLog")}
              </Button>
            </Group>
          </Group>
          {user.linked_account_reviews > 0 && (
            <Alert color="orange" variant="light" p="sm">
              <Stack gap={4}>
                <Group>
                  <Badge color="orange" variant="filled">
                    {t("userEdit.linkedReviews", { count: user.linked_account_reviews })}
                  </Badge>
                </Group>
                <Text size="sm">{t("userEdit.linkedReviewsHint")}</Text>
              </Stack>
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("userEdit.email")}
              type="email"
              autoComplete="off"
              disabled={locked}
              {...form.getInputProps("email")}
              key={form.key("email")}
            />
            <TextInput
              label={t("userEdit.username")}
              autoComplete="off"
              minLength={USERNAME_MIN}
              maxLength={USERNAME_MAX}
              description={t("userEdit.usernameHint", { min: USERNAME_MIN, max: USERNAME_MAX })}
              disabled={locked}
              {...form.getInputProps("username")}
              key={form.key("username")}
            />
          </SimpleGrid>

          <Textarea
            label={t("userEdit.description")}
            maxLength={DESCRIPTION_MAX}
            rows={4}
            resize="vertical"
            description={t("userEdit.counter", { length: description.length, max: DESCRIPTION_MAX })}
            inputWrapperOrder={["label", "input", "description", "error"]}
            styles={{ description: { textAlign: "end" } }}
            disabled={locked}
            {...form.getInputProps("description")}
            key={form.key("description")}
          />

          <TextInput
            label={t("userEdit.avatarUrl")}
            autoComplete="off"
            disabled={locked}
            {...form.getInputProps("avatar_url")}
            key={form.key("avatar_url")}
          />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t("userEdit.balance")}
              decimalScale={2}
              fixedDecimalScale
              step={0.01}
              rightSection={<Text size="sm">{CURRENCY.symbol}</Text>}
              disabled={locked}
              {...form.getInputProps("balance")}
              key={form.key("balance")}
            />
            <Fact label={t("userEdit.rating")}>
              <Text size="sm" span fw={600}>
                {formatRating(user.rating)}
              </Text>{" "}
              <Text size="xs" span c="dimmed">
                {t("userEdit.ratingHint")}
              </Text>
            </Fact>
          </SimpleGrid>

          <Stack gap="sm">
            <Checkbox
              label={t("userEdit.isActive")}
              disabled={locked}
              {...form.getInputProps("is_active", { type: "checkbox" })}
              key={form.key("is_active")}
            />
            <Checkbox
              label={t("userEdit.isBanned")}
              disabled={locked}
              {...form.getInputProps("is_banned", { type: "checkbox" })}
              key={form.key("is_banned")}
            />
            <Checkbox
              label={t("userEdit.hasFrozenBalance")}
              disabled={locked}
              {...form.getInputProps("has_frozen_balance", { type: "checkbox" })}
              key={form.key("has_frozen_balance")}
            />
          </Stack>

          <Radio.Group label={t("userEdit.role")} {...form.getInputProps("role")} key={form.key("role")}>
            <Group gap="lg" mt={6}>
              <Radio value="user" label={t("users.role.user")} disabled={locked} />
              <Radio value="admin" label={t("users.role.admin")} disabled={locked} />
            </Group>
          </Radio.Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("userEdit.memberSince")}
              value={formatDate(user.created_at)}
              readOnly
              variant="filled"
            />
            <TextInput
              label={t("userEdit.userId")}
              value={user.id}
              readOnly
              variant="filled"
              // A UUID fits a phone's width in the small monospace size.
              styles={{
                input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-xs)" },
              }}
            />
          </SimpleGrid>

          {saved && (
            <Alert color="green" role="status">
              {t("userEdit.saved")}
            </Alert>
          )}
          {update.isError && (
            <Alert color="red" role="alert" title={t("userEdit.errorSaving")}>
              {describeError(update.error)}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={USERS_PATH}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={saved}>
              {t("userEdit.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
