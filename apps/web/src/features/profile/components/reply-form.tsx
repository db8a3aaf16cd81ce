import { Alert, Button, Group, Stack, Textarea } from "@mantine/core";
import { replyReviewRequestSchema, REVIEW_TEXT_MAX } from "@lootlane/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useReplyToReview } from "../api/reply-to-review";

/** The reviewed seller's one answer to a review, written under it. */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation("profile");
  const { t: tc } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState("");
  const send = useReplyToReview();
  const request = replyReviewRequestSchema.safeParse({ reply });

  if (!open) {
    return (
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: "flex-start" }}>
        {t("reviews.reply")}
      </Button>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.success && !send.isPending) send.mutate({ reviewId, reply: request.data.reply });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t("reviews.replyLabel")}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          value={reply}
          onChange={(event) => setReply(event.currentTarget.value)}
          autoFocus
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {describeError(send.error)}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setOpen(false)} disabled={send.isPending}>
            {tc("cancel")}
          </Button>
          <Button size="xs" type="submit" loading={send.isPending} disabled={!request.success}>
            {t("reviews.sendReply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
