import type { ComponentType } from "react";
import { ThemeIcon } from "@mantine/core";
import type { NotificationEventName } from "@lootlane/contract";
import {
  BoxIcon,
  ChatIcon,
  CheckCircleIcon,
  FlagIcon,
  LineIcon,
  RoubleIcon,
  ShieldCheckIcon,
  TagIcon,
  type IconProps,
} from "@/shared/ui/icons";

function ClockIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </LineIcon>
  );
}

function XCircleIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </LineIcon>
  );
}

function StarIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </LineIcon>
  );
}

/** Each event's picture and colour: green for money or approval coming in, red for refusals, orange for what needs a look. */
const LOOKS: Record<NotificationEventName, { icon: ComponentType<IconProps>; color: string }> = {
  sale: { icon: TagIcon, color: "teal" },
  order_delivered: { icon: BoxIcon, color: "indigo" },
  chat_message: { icon: ChatIcon, color: "indigo" },
  deal_completed: { icon: CheckCircleIcon, color: "teal" },
  auto_confirm_soon: { icon: ClockIcon, color: "orange" },
  product_approved: { icon: CheckCircleIcon, color: "teal" },
  product_rejected: { icon: XCircleIcon, color: "red" },
  product_taken_down: { icon: XCircleIcon, color: "red" },
  dispute_opened: { icon: FlagIcon, color: "orange" },
  dispute_resolved: { icon: ShieldCheckIcon, color: "indigo" },
  review_received: { icon: StarIcon, color: "yellow" },
  top_up_credited: { icon: RoubleIcon, color: "teal" },
  withdrawal_paid: { icon: RoubleIcon, color: "teal" },
  withdrawal_rejected: { icon: RoubleIcon, color: "red" },
  report_resolved: { icon: FlagIcon, color: "gray" },
};

export function NotificationIcon({ event }: { event: NotificationEventName }) {
  const { icon: Icon, color } = LOOKS[event];
  return (
    <ThemeIcon variant="light" color={color} size={36} radius="xl">
      <Icon size={20} />
    </ThemeIcon>
  );
}
