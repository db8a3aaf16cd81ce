import { useId, type ReactNode } from "react";
import { Card, Stack, Text, Title } from "@mantine/core";

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One card of the settings page, a region named by its heading so screen readers can jump between them. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
