import { type IconProps, LineIcon } from "@/shared/ui/icons";

/** The product form's icons, drawn in the shared frame. */
export function ImageAddIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m20.5 16-4.5-4.5-8.5 8" />
      <path d="M12 1.5v5M9.5 4h5" />
    </LineIcon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
      <path d="M12 14.5v2.5" />
    </LineIcon>
  );
}
