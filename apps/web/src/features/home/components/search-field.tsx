import { useState } from "react";
import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX } from "@lootlane/contract";
import { LineIcon } from "@/shared/ui/icons";

interface SearchFieldProps {
  /** The search in the URL. */
  query: string;
  onSearch: (query: string) => void;
  /** The hint in the empty box; the catalogue's own by default. */
  placeholder?: string;
}

function SearchIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </LineIcon>
  );
}

/** The catalogue's search box: it searches once typing pauses for 300 ms (SPEC §9), or at once on Enter. */
export function SearchField({ query, onSearch, placeholder }: SearchFieldProps) {
  const { t } = useTranslation("home");
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const search = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // Back, Forward or a link changed the search: the box follows. Its own search differs from the text only in
  // surrounding spaces, which stay, so a space typed between words is not taken away.
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== text.trim()) setText(query);
  }

  function clear() {
    search.cancel();
    setText("");
    onSearch("");
  }

  return (
    <TextInput
      type="search"
      aria-label={t("filters.search")}
      placeholder={placeholder ?? t("filters.searchPlaceholder")}
      value={text}
      maxLength={SEARCH_QUERY_MAX}
      leftSection={<SearchIcon />}
      rightSection={text ? <CloseButton size="sm" aria-label={t("filters.clearSearch")} onClick={clear} /> : null}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") search.flush();
      }}
      size="md"
    />
  );
}
