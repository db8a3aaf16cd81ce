/** Polls `done` every 10 ms; fails with what `describe()` says after 60 s. */
export async function until(done: () => boolean, describe: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
