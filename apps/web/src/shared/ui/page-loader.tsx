import { Center, Loader, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A centred spinner that screen readers announce as loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Center mih={fullScreen ? "100dvh" : "50dvh"} role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t("loading")}</VisuallyHidden>
    </Center>
  );
}
