import { connect, createServer, type Socket } from "node:net";

export type Balancer = { url: string; close(): Promise<void> };

/**
 * A local TCP load balancer for the capacity check: each new connection goes to the next backend in turn, as a
 * round-robin L4 balancer in front of the instances would send it. Connections are spread, not requests, so the
 * load generator's many keep-alive connections share the instances evenly.
 */
export async function startRoundRobinBalancer(backendPorts: readonly number[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = createServer({ noDelay: true }, (client) => {
    track(client);
    const backend = connect({ host: "127.0.0.1", port: backendPorts[next++ % backendPorts.length]!, noDelay: true });
    track(backend);
    client.pipe(backend).pipe(client);
    client.on("close", () => backend.destroy());
    backend.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the balancer is not listening on TCP");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
