import { createInvalidationChannel } from "./invalidation-channel.js";

export type ChangeFollowing = {
  redisUrl: string | undefined;
  log: { error(object: object, message: string): void };
};

/**
 * Keeps one in-memory cache in step with its change signal (db-signal.ts) on every instance: a change committed
 * here runs `forget` at once and is published on the Redis channel `name`; one published by another instance runs
 * `forget` here. `forget(undefined)` is everything: a reconnect to Redis may have missed messages.
 */
export async function followChanges(
  name: string,
  listen: (onChange: (subject?: string) => void) => () => void,
  forget: (subject?: string) => void,
  { redisUrl, log }: ChangeFollowing,
): Promise<{ close(): Promise<void> }> {
  const channel = await createInvalidationChannel(name, redisUrl, forget, log);
  const stopListening = listen((subject) => {
    forget(subject);
    channel.publish(subject);
  });
  return {
    async close() {
      stopListening();
      await channel.close();
    },
  };
}
