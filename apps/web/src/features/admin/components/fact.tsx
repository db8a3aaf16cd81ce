import type { ReactNode } from "react";
import { Box, Text } from "@mantine/core";

/** One labelled figure of an admin card (price, user, date…), wrapping long values instead of widening the card. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Box>
  );
}
