import { useState } from "react";
import { CloseButton, Group, Select, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "@lootlane/contract";
import { useAdminUser } from "../../api/get-admin-user";
import { useUserPickerOptions } from "../../api/search-admin-users";

interface UserFilterProps {
  /** The chosen user's id, or null for everyone. */
  userId: string | null;
  onChange: (userId: string | null) => void;
  /** What the filter is called, e.g. "User" on the deals screen, "Admin" on the audit log. */
  label: string;
}

function ChosenUser({ userId, label, onClear }: { userId: string; label: string; onClear: () => void }) {
  const { t } = useTranslation("admin");
  const user = useAdminUser(userId);
  // The id stands in until the name arrives, or when the user cannot be loaded.
  const name = user.data?.username ?? userId;
  return (
    <Group gap={4} wrap="nowrap" miw={0} role="group" aria-label={label}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {t("userFilter.chosen", { label, name })}
      </Text>
      <CloseButton size="sm" aria-label={t("userFilter.clear", { name })} onClick={onClear} />
    </Group>
  );
}

function UserPicker({ label, onPick }: { label: string; onPick: (userId: string) => void }) {
  const { t } = useTranslation("admin");
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const found = useUserPickerOptions(query);
  const data = (found.data?.users ?? []).map((user) => ({ value: user.id, label: `${user.username} · ${user.email}` }));
  return (
    <Select
      label={label}
      placeholder={t("userFilter.placeholder")}
      searchable
      searchValue={text}
      onSearchChange={setText}
      data={data}
      value={null}
      onChange={(userId) => userId && onPick(userId)}
      // The server already matched the username or the e-mail; the list shows its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={query !== "" && found.isSuccess ? t("userFilter.noMatches") : undefined}
      w={{ base: "100%", xs: 320 }}
    />
  );
}

/**
 * One user of an admin list's filter: a search by username or e-mail while none is chosen, then the chosen
 * user's name with a button that goes back to everyone.
 */
export function UserFilter({ userId, onChange, label }: UserFilterProps) {
  return userId ? (
    <ChosenUser userId={userId} label={label} onClear={() => onChange(null)} />
  ) : (
    <UserPicker label={label} onPick={onChange} />
  );
}
