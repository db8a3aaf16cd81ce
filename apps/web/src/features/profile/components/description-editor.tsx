import { useState, type FormEvent } from "react";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { DESCRIPTION_MAX } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { useUpdateDescription } from "../api/update-description";

/** The owner's description with a x/500 counter; Save waits for a real change (SPEC §5 Profile description). */
export function DescriptionEditor({ description }: { description: string | null }) {
  const { t } = useTranslation("profile");
  const saved = description ?? "";
  const [draft, setDraft] = useState(saved);
  const update = useUpdateDescription();
  // Leading and trailing blanks are not content: they neither count as a change nor get stored.
  const next = draft.trim();
  const canSave = next !== "" && next !== saved && !update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    update.mutate(next, {
      onSuccess: (user) => {
        setDraft(user.description ?? "");
        notifications.show({ color: "green", message: t("description.saved") });
      },
    });
  };

  return (
    <Stack component="form" gap="xs" onSubmit={submit}>
      <Textarea
        label={t("description.label")}
        placeholder={t("description.placeholder")}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          if (update.isError) update.reset();
        }}
        maxLength={DESCRIPTION_MAX}
        rows={5}
        resize="vertical"
        description={t("description.counter", { length: draft.length, max: DESCRIPTION_MAX })}
        inputWrapperOrder={["label", "input", "description", "error"]}
        styles={{ description: { textAlign: "end" } }}
        error={update.isError ? describeError(update.error) : undefined}
      />
      <Group justify="flex-end">
        <Button type="submit" disabled={!canSave} loading={update.isPending}>
          {t("description.save")}
        </Button>
      </Group>
    </Stack>
  );
}
