import type { ReactNode } from "react";
import { SimpleGrid } from "@mantine/core";

/** One card per row on a phone, two on a tablet, three from a laptop up. */
export function DashboardGrid({ children, ...props }: { children: ReactNode; "aria-hidden"?: "true" }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" {...props}>
      {children}
    </SimpleGrid>
  );
}
