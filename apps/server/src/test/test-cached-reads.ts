/**
 * A race for the answers kept in memory: `readers` loops ask `read` back to back all through `write`, so some
 * ask while its transaction is still uncommitted, and once it has returned `read` is asked once more. That last
 * answer is what the cache kept: a cache told of the change before the commit keeps what a read in between saw.
 * Each loop yields to I/O between asks, since a cached answer comes back without any and would starve `write`.
 */
export async function readAcrossWrite<T>(
  read: () => Promise<T>,
  write: () => Promise<unknown>,
  readers = 4,
): Promise<T> {
  let written = false;
  const reading = Array.from({ length: readers }, async () => {
    while (!written) {
      await read();
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  try {
    await write();
  } finally {
    written = true;
  }
  await Promise.all(reading);
  return read();
}
