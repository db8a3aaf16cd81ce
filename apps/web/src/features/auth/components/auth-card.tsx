import type { ReactNode } from "react";
import { Card, Stack, Text } from "@mantine/core";
import { PageTitle } from "@/shared/ui/page-title";

interface AuthCardProps {
  title: string;
  /** One line under the title saying what this step wants. */
  description?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring screens, below the form. */
  footer?: ReactNode;
}

/** The frame of the sign-in, sign-up and reset screens: one centred card, narrow enough to read as one column. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Card component="section" maw={420} w="100%" mx="auto" mt={{ base: 0, sm: "xl" }} p={{ base: "lg", sm: "xl" }}>
      <PageTitle>{title}</PageTitle>
      {description && (
        <Text c="dimmed" size="sm" mt={-8} mb="lg">
          {description}
        </Text>
      )}
      {children}
      {footer && (
        <Stack gap={6} mt="lg" align="center">
          {footer}
        </Stack>
      )}
    </Card>
  );
}
