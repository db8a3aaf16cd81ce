import { useState, type FormEvent } from "react";
import { Alert, Button, Card, Group, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { formatCount } from "@/shared/format/number";
import { useAddStock } from "../../api/add-stock";
import { stockMessagesOfText } from "../../lib/stock-lines";
import { StockItemsField } from "./stock-items-field";
import { stockMessagesOf, useStockProblemsText } from "./stock-problem-text";

/**
 * More units for the seller's listing, pasted or from a file: checked here first, then added all at once or not at
 * all. No moderation: units are never public. A refused list keeps its text and names the lines to fix.
 */
export function AddStockForm({ productId }: { productId: string }) {
  const { t } = useTranslation("products");
  const { t: tf } = useTranslation("productForm");
  const stockText = useStockProblemsText();
  const add = useAddStock();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const problems = stockMessagesOfText(text);
    setProblem(stockText(problems));
    if (problems.length > 0) return;
    add.mutate(
      { productId, text },
      {
        onSuccess: ({ added }) => {
          setText("");
          notifications.show({
            color: "green",
            message: t("stock.added", { count: added, total: formatCount(added) }),
          });
        },
        onError: (error) => {
          const messages = stockMessagesOf(error);
          if (messages.length > 0) setProblem(stockText(messages));
          else setRefusal(describeError(error));
        },
      },
    );
  };

  return (
    <Card component="section" withBorder aria-labelledby="add-stock-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="add-stock-title">
            {t("stock.add.title")}
          </Title>
          <StockItemsField
            value={text}
            onChange={(next) => {
              setText(next);
              setProblem(null);
            }}
            label={tf("stock.label")}
            description={tf("stock.description")}
            placeholder={tf("stock.placeholder")}
            error={problem}
          />
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t("stock.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
