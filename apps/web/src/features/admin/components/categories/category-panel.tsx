import { forwardRef, type ReactNode } from "react";
import { Card, Group, Stack, Title } from "@mantine/core";

interface CategoryPanelProps {
  title: string;
  /** The panel's button (Add Category / Add Subcategory). */
  action: ReactNode;
  children: ReactNode;
}

/** One column of the categories screen: a heading with its add button, then its content. */
export const CategoryPanel = forwardRef<HTMLDivElement, CategoryPanelProps>(function CategoryPanel(
  { title, action, children },
  ref,
) {
  return (
    <Card ref={ref} component="section" aria-label={title} padding="md" style={{ scrollMarginTop: 80 }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="h4" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
});
