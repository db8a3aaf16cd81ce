import { Alert, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";

/** A profile tab whose list did not load: why, and a way to try again. */
export function TabLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t: tc } = useTranslation("common");
  return (
    <Alert color="red" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          {tc("retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
