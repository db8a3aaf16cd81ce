import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeftIcon, HomeIcon } from "@/shared/ui/icons";
import { useGoBack } from "./use-go-back";

export function BackButton() {
  const { t } = useTranslation("common");
  const goBack = useGoBack();
  return (
    <Button onClick={goBack} leftSection={<ArrowLeftIcon size={18} />}>
      {t("back")}
    </Button>
  );
}

export function HomeButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Button component={Link} to="/" variant={primary ? "filled" : "default"} leftSection={<HomeIcon size={18} />}>
      {t("goHome")}
    </Button>
  );
}
