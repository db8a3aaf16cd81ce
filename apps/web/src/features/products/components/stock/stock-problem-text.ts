import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "@/shared/api/api-error";
import { formatCount } from "@/shared/format/number";
import { stockProblemOf } from "../../lib/stock-lines";

/** How many refused units are named one by one; the rest are counted, so a long list stays readable. */
const NAMED_AT_MOST = 3;

/** The server's messages about the units, every one of them: a refused list names each line that cannot be added. */
export function stockMessagesOf(error: unknown): string[] {
  const { fieldErrors = [] } = toApiError(error);
  return fieldErrors.flatMap(({ field, message }) => (field === "stock_items" ? [message] : []));
}

/**
 * The text under a box of units for the contract's or the server's messages about it, in the interface language:
 * the first few named by line, then how many more. A message it cannot read back is shown as written.
 */
export function useStockProblemsText(): (messages: readonly string[]) => string | null {
  const { t } = useTranslation("productForm");
  return useCallback(
    (messages) => {
      if (messages.length === 0) return null;
      const one = (message: string): string => {
        const problem = stockProblemOf(message);
        switch (problem?.kind) {
          case undefined:
            return message;
          case "empty":
            return t("stock.problems.empty");
          case "tooMany":
            return t("stock.problems.tooMany", { max: formatCount(problem.max) });
          case "tooLong":
            return t("stock.problems.tooLong", { line: problem.line, max: formatCount(problem.max) });
          case "repeats":
            return t("stock.problems.repeats", { line: problem.line, first: problem.first });
          case "inListing":
            return t("stock.problems.inListing", { line: problem.line });
        }
      };
      const named = messages.slice(0, NAMED_AT_MOST).map(one);
      const rest = messages.length - named.length;
      return rest > 0 ? `${named.join("; ")}; ${t("stock.problems.more", { count: rest })}` : named.join("; ");
    },
    [t],
  );
}
