import type { Db } from "../../db/client.js";
import type { Realtime } from "../../platform/realtime/socket-server.js";
import type { Clock } from "../../platform/time/clock.js";

/** What the admin's user services need: the database, the time of revocations, and the users' live sockets. */
export type AdminDeps = { db: Db; clock: Clock; realtime: Pick<Realtime, "disconnectUser"> };
