import { ActionIcon, Button, CopyButton, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon, CopyIcon } from "./icons";

/** How long "Copied" stays before the button offers to copy again. */
const COPIED_FOR_MS = 2000;

/**
 * A small Copy button that says Copied for a moment. Short on screen, so it fits beside a label on a phone in
 * Russian too; `label` names what it copies for a screen reader, `text` replaces "Copy" where one of several
 * buttons copies more.
 */
export function CopyTextButton({ value, label, text }: { value: string; label: string; text?: string }) {
  const { t } = useTranslation("common");
  return (
    <CopyButton value={value} timeout={COPIED_FOR_MS}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color={copied ? "teal" : "indigo"}
          onClick={copy}
          aria-label={copied ? undefined : label}
        >
          {copied ? t("copy.copied") : (text ?? t("copy.action"))}
        </Button>
      )}
    </CopyButton>
  );
}

/** The same as an icon, for a row of a list where a word beside each item would squeeze it on a phone. */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("common");
  return (
    <CopyButton value={value} timeout={COPIED_FOR_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("copy.copied") : label} withArrow position="left">
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "indigo"}
            onClick={copy}
            aria-label={copied ? t("copy.copied") : label}
          >
            {copied ? <CheckCircleIcon size={18} /> : <CopyIcon size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
