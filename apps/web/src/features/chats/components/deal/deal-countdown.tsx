import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdownParts } from "../../lib/deal-countdown";

/** The countdown shows minutes at the finest, so a redraw every half minute keeps it right. */
const TICK_MS = 30_000;

/** "Auto-confirms in 2 d 5 h": when the deal confirms itself for the buyer if nobody confirms or reports it. */
export function DealCountdown({ autoConfirmAt }: { autoConfirmAt: string }) {
  const { t } = useTranslation("chats");
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const parts = countdownParts(autoConfirmAt, now);
  return (
    <Text size="xs" c="dimmed">
      {parts
        ? t("deal.autoConfirmIn", {
            time: parts.map(({ unit, value }) => t(`deal.units.${unit}`, { value })).join(" "),
          })
        : t("deal.autoConfirmDue")}
    </Text>
  );
}
