import { Button, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useCreateReview } from "../api/create-review";
import { ReviewForm } from "./review-form";

/** 'Leave a review' on a completed purchase: one review per deal, so the button goes once it is sent. */
export function LeaveReviewButton({ dealId, productTitle }: { dealId: string; productTitle: string }) {
  const { t } = useTranslation("profile");
  const [opened, dialog] = useDisclosure(false);
  const review = useCreateReview();

  function close() {
    if (review.isPending) return;
    dialog.close();
    review.reset();
  }

  return (
    <>
      <Button size="xs" variant="light" onClick={dialog.open}>
        {t("reviews.leave")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("reviews.leaveTitle", { title: productTitle })} centered>
        <ReviewForm
          dealId={dealId}
          onSubmit={(request) => review.mutate(request, { onSuccess: dialog.close })}
          onCancel={close}
          submitting={review.isPending}
          error={review.isError ? describeError(review.error) : null}
        />
      </Modal>
    </>
  );
}
