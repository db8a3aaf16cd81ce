import { useState } from "react";
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { API_SCOPES, API_TOKEN_NAME_MAX, type ApiScope, type ApiToken } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { formatDateTime } from "@/shared/format/date";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/api-tokens";
import { SettingsList } from "./settings-list";
import { SettingsSection } from "./settings-section";
import { ShownOnceDialog } from "./shown-once-dialog";

const EXPIRY_DAYS = ["30", "90", "365"] as const;

/** A scope's text key: i18next reads ":" as the namespace separator, so the texts spell `products:read` with "_". */
const scopeKey = (scope: ApiScope) => scope.replace(":", "_") as Underscored<ApiScope>;
type Underscored<S> = S extends `${infer Group}:${infer Access}` ? `${Group}_${Access}` : never;

const refusals = {
  codes: { API_TOKEN_LIMIT_REACHED: "name" },
  serverFields: { name: "name", scopes: "scopes", expires_in_days: "expiresInDays" },
} as const;

/**
 * Personal access tokens for the user's own programs (issue 25): made with a name, scopes and an expiry, shown
 * once, then listed with their last use and revocable.
 */
export function ApiTokensSettings() {
  const { t } = useTranslation("settings");
  const create = useCreateApiToken();
  const [shown, setShown] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: "", scopes: [] as string[], expiresInDays: "90" },
    validate: {
      name: (value) => (value.trim() === "" ? t("api.tokens.nameRequired") : null),
      scopes: (value) => (value.length === 0 ? t("api.tokens.scopesRequired") : null),
    },
  });

  const submit = form.onSubmit(({ name, scopes, expiresInDays }) => {
    setRefusal(null);
    create.mutate(
      {
        name: name.trim(),
        scopes: API_SCOPES.filter((scope) => scopes.includes(scope)),
        expires_in_days: Number(expiresInDays),
      },
      {
        onSuccess: ({ token }) => {
          setShown(token);
          form.reset();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, refusals);
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  return (
    <SettingsSection title={t("api.tokens.title")} description={t("api.tokens.description")}>
      <TokenList />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t("api.tokens.name")}
            placeholder={t("api.tokens.namePlaceholder")}
            maxLength={API_TOKEN_NAME_MAX}
            {...form.getInputProps("name")}
          />
          <Checkbox.Group label={t("api.tokens.scopes")} {...form.getInputProps("scopes")}>
            <Stack gap={6} mt={6}>
              {API_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={
                    <>
                      <Code>{scope}</Code> {t(`api.scopes.${scopeKey(scope)}`)}
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label={t("api.tokens.expiry")}
            data={EXPIRY_DAYS.map((days) => ({ value: days, label: t("api.tokens.days", { count: Number(days) }) }))}
            allowDeselect={false}
            maw={240}
            {...form.getInputProps("expiresInDays")}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t("api.tokens.create")}
            </Button>
          </Group>
        </Stack>
      </form>
      <ShownOnceDialog
        value={shown}
        title={t("api.tokens.createdTitle")}
        warning={t("api.tokens.shownOnce")}
        copyLabel={t("api.tokens.copy")}
        testId="new-api-token"
        onClose={() => setShown(null)}
      />
    </SettingsSection>
  );
}

function TokenList() {
  const { t } = useTranslation("settings");
  return (
    <SettingsList
      query={useApiTokens()}
      label={t("api.tokens.listLabel")}
      loadError={t("api.loadError")}
      empty={t("api.tokens.none")}
    >
      {(token) => <TokenRow key={token.id} token={token} />}
    </SettingsList>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation("settings");
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const expired = Date.parse(token.expires_at) <= Date.now();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        {/* As a webhook's row: at least 16rem wide, so on a phone the details have the whole line. */}
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm">
              {token.name}
            </Text>
            <Code>{token.prefix}…</Code>
            {expired && (
              <Badge size="sm" color="gray" variant="light">
                {t("api.tokens.expired")}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="wrap">
            {token.scopes.map((scope) => (
              <Badge key={scope} size="sm" variant="outline" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t("api.tokens.details", {
              created: formatDateTime(token.created_at),
              expires: formatDateTime(token.expires_at),
              used: token.last_used_at
                ? t("api.tokens.lastUsed", { time: formatDateTime(token.last_used_at) })
                : t("api.tokens.neverUsed"),
            })}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setConfirming(true)}
          aria-label={t("api.tokens.revokeLabel", { name: token.name })}
        >
          {t("api.tokens.revoke")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("api.tokens.revokeTitle", { name: token.name })}
        confirmLabel={t("api.tokens.revoke")}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(token.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{t("api.tokens.revokeText")}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
