import { Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/** The page's one h1; it also names the browser tab, so history and tabs read well. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation("common");
  useDocumentTitle(t("documentTitle", { title: children }));
  return (
    <Title order={1} fz={{ base: "h3", sm: "h2" }} mb="lg">
      {children}
    </Title>
  );
}
