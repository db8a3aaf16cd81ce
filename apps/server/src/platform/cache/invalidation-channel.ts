import { randomUUID } from "node:crypto";
import { createClient } from "redis";

type ErrorLog = { error(object: object, message: string): void };

/**
 * Tells the other instances that their caches of one kind are stale: wholly, or only what concerns `subject`
 * (a user's sessions, say).
 */
export type InvalidationChannel = {
  /** Never waits and never throws: a lost message is covered by the caches' TTL. */
  publish(subject?: string): void;
  close(): Promise<void>;
};

/**
 * With Redis (several instances), `publish` reaches every other instance subscribed to `name`, which then runs
 * `onRemoteChange` with the subject published; an instance ignores its own messages, having already emptied its
 * cache. Without Redis there is no other instance to tell. After a lost connection the subscriber may have missed
 * messages, so a reconnect counts as a change of everything (no subject).
 */
export async function createInvalidationChannel(
  name: string,
  redisUrl: string | undefined,
  onRemoteChange: (subject?: string) => void,
  log: ErrorLog,
): Promise<InvalidationChannel> {
  if (redisUrl === undefined) return { publish: () => undefined, close: () => Promise.resolve() };
  const channel = `lootlane:invalidate:${name}`;
  const instanceId = randomUUID();
  // No offline queue: a publish while Redis is down fails at once instead of piling up.
  const publisher = createClient({ url: redisUrl, disableOfflineQueue: true });
  const subscriber = publisher.duplicate();
  // Without a listener a dropped connection would crash the process; the clients reconnect by themselves.
  for (const client of [publisher, subscriber])
    client.on("error", (error: unknown) => log.error({ err: error }, "cache invalidation Redis connection error"));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  // A message is the sender's id, then the subject if there is one.
  await subscriber.subscribe(channel, (message) => {
    const [sender, subject] = message.split(" ", 2);
    if (sender !== instanceId) onRemoteChange(subject);
  });
  subscriber.on("ready", () => onRemoteChange());

  return {
    publish(subject) {
      publisher
        .publish(channel, subject === undefined ? instanceId : `${instanceId} ${subject}`)
        .catch((error: unknown) => log.error({ err: error }, "cache invalidation not published"));
    },
    async close() {
      await Promise.all([subscriber.close(), publisher.close()]);
    },
  };
}
