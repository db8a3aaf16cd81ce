import { useId, type ReactNode } from "react";
import { Anchor, Card, Group, Text, ThemeIcon } from "@mantine/core";
import { Link } from "react-router";

interface StatCardProps {
  label: string;
  /** Already formatted: a count or an amount in roubles. */
  value: string;
  icon: ReactNode;
  color: string;
  /** A line under the figure, e.g. how many withdrawals make up an amount. */
  note?: string;
  /** Where the admin acts on this figure, e.g. the moderation queue. */
  link?: { to: string; label: string };
}

/** One figure of the dashboard; the card is a region named by its label, so a screen reader can jump to it. */
export function StatCard({ label, value, icon, color, note, link }: StatCardProps) {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text id={labelId} size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size="lg" radius="md">
          {icon}
        </ThemeIcon>
      </Group>
      <Text fz={{ base: 26, sm: 30 }} fw={700} lh={1.2} mt="xs" style={{ fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Text>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      {link && (
        <Anchor component={Link} to={link.to} size="sm" mt="xs">
          {link.label}
        </Anchor>
      )}
    </Card>
  );
}
