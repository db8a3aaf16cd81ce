import type { User } from "../db/schema/users.js";
import type { TestApp } from "./test-app.js";
import { connectAs, listeningUrl, type ChatSocket } from "./test-chats.js";
import type { TestClient } from "./test-client.js";
import { createTestUser, signInAs } from "./test-users.js";

/** A user of a test, signed in: the row and the browser that holds their cookies. */
export type Person = { user: User; client: TestClient };

/**
 * The people of one test file. `app` answers the file's app, which its beforeAll creates after this is called.
 * Each person() is a new user named `<prefix>_<role>_<n>`, so the users of one file never collide; connect()
 * opens a person's socket to the app (listening, see listenOnFreePort) and keeps it in `sockets`, which
 * closeSockets() (the file's afterEach) closes, so no test's sockets linger into the next.
 */
export function testPeople(prefix: string, app: () => Pick<TestApp, "app" | "database">) {
  let counter = 0;
  const sockets: ChatSocket[] = [];
  return {
    sockets,
    async person(role: "user" | "admin" = "user"): Promise<Person> {
      const t = app();
      const user = await createTestUser(t.database.db, { username: `${prefix}_${role}_${++counter}`, role });
      return { user, client: await signInAs(t.app, user) };
    },
    async connect(who: Person): Promise<ChatSocket> {
      const socket = await connectAs(listeningUrl(app().app), who.client);
      sockets.push(socket);
      return socket;
    },
    closeSockets(): void {
      for (const socket of sockets.splice(0)) socket.close();
    },
  };
}
