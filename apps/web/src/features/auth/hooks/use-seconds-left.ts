import { useEffect, useState } from "react";

/**
 * Whole seconds until `deadline` (a Date.now() timestamp), 0 once passed. It re-reads the clock every second
 * instead of counting ticks, so a throttled background tab still shows the right number when it wakes.
 */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(Date.now);
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return secondsLeft;
}
