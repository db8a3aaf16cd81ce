import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "@/shared/api/api-error";
import { formatCount } from "@/shared/format/number";
import { stockProblemOfServerMessage, type StockProblem } from "../../lib/stock-lines";

/** How many refused units are named one by one; the rest are counted, so a long list stays readable. */
const NAMED_AT_MOST = 3;

/** The server's messages about the units, every one of them: a refused list names each line that cannot be added. */
export function stockMessagesOf(error: unknown): string[] {
  const { fieldErrors = [] } = toApiError(error);
  return fieldErrors.flatMap(({ field, message }) => (field === "stock_items" ? [message] : []));
}

/**
 * The text under a box of units for its problems, in the interface language: the first few named by line, then
 * how many more. Server messages it cannot read back are shown as the server wrote them.
 */
export function useStockProblemsText(): (problems: readonly (StockProblem | string)[]) => string | null {
  const { t } = useTranslation("productForm");
  return useCallback(
    (problems) => {
      if (problems.length === 0) return null;
      const one = (problem: StockProblem | string): string => {
        const known = typeof problem === "string" ? stockProblemOfServerMessage(problem) : problem;
        if (!known) return problem as string;
        switch (known.kind) {
          case "empty":
            return t("stock.problems.empty");
          case "tooMany":
            return t("stock.problems.tooMany", { total: formatCount(known.count), max: formatCount(known.max) });
          case "tooLong":
            return t("stock.problems.tooLong", { line: known.line, max: formatCount(known.max) });
          case "repeats":
            return t("stock.problems.repeats", { line: known.line, first: known.first });
          case "inListing":
            return t("stock.problems.inListing", { line: known.line });
        }
      };
      const named = problems.slice(0, NAMED_AT_MOST).map(one);
      const rest = problems.length - named.length;
      return rest > 0 ? `${named.join("; ")}; ${t("stock.problems.more", { count: rest })}` : named.join("; ");
    },
    [t],
  );
}
