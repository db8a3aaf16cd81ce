import { describe, expect, it, vi } from "vitest";
import { RealtimeConnection } from "./realtime-client";
import { realtimeSocketOptions } from "./realtime-options";
import { FakeRealtime, type FakeSocket } from "./testing/fake-realtime";

const CHAT = "33333333-0000-4000-8000-000000000001";

function open(refresh = vi.fn(() => Promise.resolve())) {
  const realtime = new FakeRealtime();
  realtime.online = true;
  const connection = new RealtimeConnection(realtime.createSocket(), refresh);
  connection.connect();
  return { realtime, connection, refresh, socket: realtime.sockets[0] as FakeSocket };
}

describe("realtime connection", () => {
  it("uses the websocket transport with cookies, a 20 s timeout and 1–5 s reconnection with 0.5 jitter, forever", () => {
    expect(realtimeSocketOptions).toMatchObject({
      transports: ["websocket"],
      withCredentials: true,
      timeout: 20_000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      autoConnect: false,
    });
  });

  it("joins a room now and again after every reconnect, until it is left", () => {
    const { realtime, connection } = open();

    const leave = connection.joinRoom(CHAT);
    realtime.goOffline();
    realtime.goOnline();
    expect(realtime.sent("join_room")).toEqual([{ chat_id: CHAT }, { chat_id: CHAT }]);

    leave();
    realtime.goOffline();
    realtime.goOnline();
    expect(realtime.sent("join_room")).toHaveLength(2);
  });

  it("refreshes the session once and connects again when the server closes the socket", async () => {
    const { socket, refresh } = open();

    socket.close("io server disconnect");
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("stays down when the session cannot be refreshed", async () => {
    const { socket, refresh } = open(vi.fn(() => Promise.reject(new Error("401"))));

    socket.close("io server disconnect");
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(socket.connected).toBe(false);
  });
});
