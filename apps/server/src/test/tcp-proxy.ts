import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "./free-port.js";

export type TcpProxy = {
  /** The proxy's port on 127.0.0.1, which the app is pointed at; it stays the same over cut() and restore(). */
  port: number;
  /** The server goes away: open connections are dropped and new ones refused, as when it is stopped. */
  cut(): Promise<void>;
  /** The server hangs: connections are accepted and never answered, as on a stuck host. */
  silence(): void;
  /** Back to forwarding every new connection to the real server. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP relay in front of a real server of the test (e.g. its SMTP server), so the test can take the server
 * away from the app and bring it back on the same address, which the real server cannot do while it keeps
 * what it has received.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let mode: "forward" | "silent" = "forward";
  let server: Server | undefined;

  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        track(client);
        if (mode === "silent") return;
        const upstream = connect(targetPort, "127.0.0.1");
        track(upstream);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
      server = listening;
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };

  await listen();
  return {
    port,
    cut,
    silence: () => void (mode = "silent"),
    restore: async () => {
      mode = "forward";
      if (!server) await listen();
    },
    close: cut,
  };
}
