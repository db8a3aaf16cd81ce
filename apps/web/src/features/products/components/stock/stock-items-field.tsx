import { useRef, useState, type ReactNode } from "react";
import { Button, FileButton, Group, Stack, Text, Textarea, type TextareaProps } from "@mantine/core";
import { STOCK_ITEM_MAX, STOCK_ITEMS_PER_REQUEST_MAX, stockLinesOf } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatCount } from "@/shared/format/number";

/** A list file larger than the most units one request takes, at their longest, cannot be a list of units. */
const FILE_MAX_BYTES = STOCK_ITEMS_PER_REQUEST_MAX * (STOCK_ITEM_MAX + 2);
const FILE_ACCEPT = ".txt,.csv,text/plain,text/csv";

type StockItemsFieldProps = Omit<TextareaProps, "value" | "onChange" | "description"> & {
  value: string;
  onChange: (text: string) => void;
  /** Shown under the label, before the rules of the list. */
  description?: ReactNode;
};

/**
 * Units of stock, one per line: pasted, or read from a .txt/.csv file in the browser (added after what is already
 * in the box, nothing uploaded). The count below is what the server will take: blank lines and spaces dropped.
 */
export function StockItemsField({ value, onChange, description, ...textarea }: StockItemsFieldProps) {
  const { t } = useTranslation("productForm");
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Cleared after each pick, so choosing the same file again (after editing the box) reads it again.
  const resetFile = useRef<() => void>(null);
  const count = stockLinesOf(value).length;

  const read = async (file: File | null) => {
    setFileProblem(null);
    resetFile.current?.();
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) {
      setFileProblem(t("stock.file.tooLarge", { name: file.name }));
      return;
    }
    try {
      const text = await file.text();
      onChange(value.trim() === "" ? text : `${value.replace(/\s+$/, "")}\n${text}`);
    } catch {
      setFileProblem(t("stock.file.unreadable", { name: file.name }));
    }
  };

  return (
    <Stack gap={6}>
      <Textarea
        {...textarea}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        description={
          <>
            {description}
            {description && " "}
            {t("stock.rules", { max: formatCount(STOCK_ITEMS_PER_REQUEST_MAX) })}
          </>
        }
        inputWrapperOrder={["label", "description", "input", "error"]}
        rows={6}
        resize="vertical"
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <Group justify="space-between" gap="xs">
        <FileButton
          onChange={(file) => void read(file)}
          resetRef={resetFile}
          accept={FILE_ACCEPT}
          inputProps={{ "aria-label": t("stock.file.pick") }}
        >
          {(props) => (
            <Button {...props} size="xs" variant="light">
              {t("stock.file.pick")}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("stock.count", { count, total: formatCount(count) })}
        </Text>
      </Group>
      {fileProblem && (
        <Text size="sm" c="red.9" role="alert">
          {fileProblem}
        </Text>
      )}
    </Stack>
  );
}
