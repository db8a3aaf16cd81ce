import { LineIcon, type IconProps } from "@/shared/ui/icons";

/** Icons only the dashboard draws, in the app's line style (shared/ui/icons). */
export function HourglassIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6.5 3.5h11M6.5 20.5h11" />
      <path d="M7.5 3.5c0 4.5 4.5 5.5 4.5 8.5s-4.5 4-4.5 8.5M16.5 3.5c0 4.5-4.5 5.5-4.5 8.5s4.5 4 4.5 8.5" />
    </LineIcon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3.5 2.5 20h19z" />
      <path d="M12 10v4.5M12 17.2v.3" />
    </LineIcon>
  );
}

export function HandshakeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 7.5h3.5l3-2h3l5 4.5M21 7.5h-3.5" />
      <path d="M6.5 7.5v8l4 3.5c.8.7 2 .7 2.8 0l4.2-3.8V10" />
      <path d="m12.5 5.5-3.2 3a1.3 1.3 0 0 0 1.8 1.9l2.4-2" />
    </LineIcon>
  );
}

/** Money coming in (top-ups). */
export function ArrowDownIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 4v15M6 13l6 6 6-6" />
    </LineIcon>
  );
}

/** Money going out (payouts). */
export function ArrowUpIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 20V5M6 11l6-6 6 6" />
    </LineIcon>
  );
}
