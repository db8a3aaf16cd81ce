import { type IconProps, LineIcon } from "@/shared/ui/icons";

/** The profile menu's icons, drawn in the shared frame. */
export function DotsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="5.5" cy="12" r="1.2" />
      <circle cx="12" cy="12" r="1.2" />
      <circle cx="18.5" cy="12" r="1.2" />
    </LineIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 3.5v2.2M12 18.3v2.2M20.5 12h-2.2M5.7 12H3.5M18 6l-1.6 1.6M7.6 16.4 6 18M18 18l-1.6-1.6M7.6 7.6 6 6" />
    </LineIcon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4.5 7.5h14a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18V6a1.5 1.5 0 0 1 1.5-1.5H17" />
      <path d="M16 13.5h4" />
    </LineIcon>
  );
}
