import type { ReactNode } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";

interface LoadErrorAlertProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** More ways out beside Try again, e.g. back to the list. */
  children?: ReactNode;
}

/** Something a screen needs did not load: what, why (the translated error), and Try again. */
export function LoadErrorAlert({ title, error, onRetry, children }: LoadErrorAlertProps) {
  const { t } = useTranslation("common");
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        <Group gap="sm">
          <Button variant="light" color="red" onClick={onRetry}>
            {t("retry")}
          </Button>
          {children}
        </Group>
      </Stack>
    </Alert>
  );
}
