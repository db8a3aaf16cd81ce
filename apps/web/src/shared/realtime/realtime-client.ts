import type { Socket } from "socket.io-client";
import { chatEvents, type ClientToServerEvents, type ServerToClientEvents } from "@lootlane/contract";

/** The chat socket, typed by the contract's event maps. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Makes the socket the app talks through; tests hand the provider an in-memory one instead. */
export type SocketFactory = () => ChatSocket;

type Listener = () => void;

/**
 * One signed-in user's connection: the socket, the chat rooms to be in, and whether it is up.
 * Socket.IO forgets rooms when a connection drops, so every room asked for is joined again on each (re)connect.
 */
export class RealtimeConnection {
  readonly socket: ChatSocket;
  private readonly rooms = new Map<string, number>();
  private readonly listeners = new Set<Listener>();
  private refreshedSinceConnect = false;

  /**
   * `refreshSession` renews the access cookie (any authenticated request does: the API client refreshes on 401).
   * The server refuses a handshake with an expired token, or disconnects a socket whose token expired, and
   * Socket.IO does not retry either on its own: the connection refreshes once and connects again.
   */
  constructor(
    socket: ChatSocket,
    private readonly refreshSession: () => Promise<unknown>,
  ) {
    this.socket = socket;
    socket.on("connect", () => {
      this.refreshedSinceConnect = false;
      for (const chatId of this.rooms.keys()) socket.emit(chatEvents.joinRoom, { chat_id: chatId });
      this.notify();
    });
    socket.on("disconnect", (reason) => {
      this.notify();
      // The server closed it (its session_expired event says why when the token ran out): Socket.IO stays down.
      if (reason === "io server disconnect") void this.reconnectWithFreshSession();
    });
    socket.on("connect_error", () => {
      // A refused handshake leaves the socket inactive; network failures keep it active and it retries by itself.
      if (!socket.active) void this.reconnectWithFreshSession();
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  connect(): void {
    this.socket.connect();
  }

  close(): void {
    this.socket.disconnect();
    this.rooms.clear();
  }

  /** Be in the chat's room (now if connected, and after every reconnect) until the returned function is called. */
  joinRoom(chatId: string): () => void {
    const holders = this.rooms.get(chatId) ?? 0;
    this.rooms.set(chatId, holders + 1);
    if (holders === 0 && this.socket.connected) this.socket.emit(chatEvents.joinRoom, { chat_id: chatId });
    return () => {
      const left = (this.rooms.get(chatId) ?? 1) - 1;
      // There is no leave event: the server keeps the socket in the room, which is harmless; it is only not re-joined.
      if (left <= 0) this.rooms.delete(chatId);
      else this.rooms.set(chatId, left);
    };
  }

  /** For useSyncExternalStore: called when the connection goes up or down. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private async reconnectWithFreshSession(): Promise<void> {
    // Once per successful connection: a server that keeps refusing must not be asked in a tight loop.
    if (this.refreshedSinceConnect) return;
    this.refreshedSinceConnect = true;
    try {
      await this.refreshSession();
    } catch {
      // The session is gone: the API client reports it, the user is cleared and the provider closes this connection.
      return;
    }
    this.socket.connect();
  }
}
