import { Alert, Button, Group, Rating, Stack, Text, Textarea } from "@mantine/core";
import { createReviewRequestSchema, REVIEW_TEXT_MAX, type CreateReviewRequest } from "@lootlane/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

interface ReviewFormProps {
  dealId: string;
  onSubmit: (request: CreateReviewRequest) => void;
  onCancel: () => void;
  submitting: boolean;
  /** Why the last submit was refused; what was written stays for another try. */
  error: string | null;
}

/** Stars and a few words about a completed purchase, checked by the contract's rules before sending. */
export function ReviewForm({ dealId, onSubmit, onCancel, submitting, error }: ReviewFormProps) {
  const { t } = useTranslation("profile");
  const { t: tc } = useTranslation("common");
  const [stars, setStars] = useState(0);
  const [text, setText] = useState("");
  const request = createReviewRequestSchema.safeParse({ deal_id: dealId, stars, text });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.success && !submitting) onSubmit(request.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="review-stars-label">
            {t("reviews.stars")}
          </Text>
          <Rating value={stars} onChange={setStars} size="lg" aria-labelledby="review-stars-label" />
        </Stack>
        <Stack gap={4}>
          <Textarea
            label={t("reviews.text")}
            placeholder={t("reviews.textPlaceholder")}
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            required
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {t("reviews.counter", { length: text.length, max: REVIEW_TEXT_MAX })}
          </Text>
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {tc("cancel")}
          </Button>
          <Button type="submit" loading={submitting} disabled={!request.success}>
            {t("reviews.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
