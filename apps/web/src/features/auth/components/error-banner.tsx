import { Alert } from "@mantine/core";

/** A refusal that concerns the whole form; role="alert" so it is announced when it appears. */
export function ErrorBanner({ title, children }: { title?: string; children: string }) {
  return (
    <Alert color="red" variant="light" title={title}>
      {children}
    </Alert>
  );
}
