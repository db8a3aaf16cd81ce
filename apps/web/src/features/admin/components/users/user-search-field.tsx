import { CloseButton, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LineIcon } from "@/shared/ui/icons";

/** The contract's longest search (adminUserSearchQuerySchema). */
const SEARCH_MAX = 254;

function SearchIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </LineIcon>
  );
}

/** The users search box; the page debounces what is typed. */
export function UserSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("admin");
  return (
    <TextInput
      type="search"
      aria-label={t("users.search")}
      placeholder={t("users.searchPlaceholder")}
      value={value}
      maxLength={SEARCH_MAX}
      leftSection={<SearchIcon />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t("users.clearSearch")} onClick={() => onChange("")} /> : null
      }
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
