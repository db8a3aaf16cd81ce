import { Fragment, type ReactNode } from "react";
import { Stack, VisuallyHidden, type MantineSpacing } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface ListSkeletonProps {
  count: number;
  /** One placeholder item, shaped like the list's own items. */
  children: ReactNode;
  gap?: MantineSpacing;
  /** A placeholder above the items, e.g. for the total. */
  header?: ReactNode;
}

/**
 * `count` placeholder items while a list loads, so the page does not jump when the items arrive. Screen readers
 * hear "loading" once rather than the placeholders.
 */
export function ListSkeleton({ count, children, gap = "sm", header }: ListSkeletonProps) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <Stack gap={gap} aria-hidden="true">
        {header}
        {Array.from({ length: count }, (_, index) => (
          <Fragment key={index}>{children}</Fragment>
        ))}
      </Stack>
    </div>
  );
}
