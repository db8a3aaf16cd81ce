import type { ClientToServerEvents, ServerToClientEvents } from "@lootlane/contract";
import type { ChatSocket, SocketFactory } from "../realtime-client";

type AnyListener = (...args: unknown[]) => void;

export interface ClientEmit {
  event: keyof ClientToServerEvents;
  payload: unknown;
}

/** What the in-memory server answers to a client event; a `send_message` handler's value is its acknowledgement. */
type ServerHandler = (payload: unknown, socket: FakeSocket) => unknown;

/**
 * The part of a Socket.IO client socket the app uses, in memory. The server side is the FakeRealtime that made
 * it: it decides whether connections are accepted, sees every emit, and pushes events.
 */
export class FakeSocket {
  connected = false;
  active = false;
  private readonly listeners = new Map<string, Set<AnyListener>>();
  private readonly buffered = new Set<() => void>();

  constructor(private readonly server: FakeRealtime) {}

  on(event: string, listener: AnyListener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: AnyListener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  connect(): this {
    this.active = true;
    if (this.server.online && !this.connected) this.open();
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) this.close("io client disconnect");
    return this;
  }

  emit(event: keyof ClientToServerEvents, payload: unknown, ack?: (answer: unknown) => void): this {
    const answer = this.server.receive(this, event, payload);
    if (ack) ack(answer);
    return this;
  }

  /**
   * As Socket.IO's client does: an emit while not connected waits in a buffer and goes out on connect, and the
   * timeout takes it out of the buffer again and fails it.
   */
  timeout(ms: number) {
    return {
      emitWithAck: (event: keyof ClientToServerEvents, payload: unknown): Promise<unknown> => {
        if (this.connected) return Promise.resolve(this.server.receive(this, event, payload));
        return new Promise((resolve, reject) => {
          const send = () => {
            clearTimeout(timer);
            resolve(this.server.receive(this, event, payload));
          };
          const timer = setTimeout(() => {
            this.buffered.delete(send);
            reject(new Error("operation has timed out"));
          }, ms);
          this.buffered.add(send);
        });
      },
    };
  }

  /** Server → this client. */
  deliver(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  open(): void {
    this.connected = true;
    this.deliver("connect");
    for (const send of [...this.buffered]) send();
    this.buffered.clear();
  }

  close(reason: string): void {
    this.connected = false;
    this.deliver("disconnect", reason);
  }
}

/**
 * An in-memory Socket.IO server for web tests: hand `createSocket` to the app, then push events with `emit`,
 * read what the client sent in `received`, and drop or restore the connection. Connections are accepted only
 * while `online`, so a test that does not care about live updates sees none.
 */
export class FakeRealtime {
  online = false;
  readonly sockets: FakeSocket[] = [];
  readonly received: ClientEmit[] = [];
  private readonly handlers = new Map<string, ServerHandler>();

  readonly createSocket: SocketFactory = () => {
    const socket = new FakeSocket(this);
    this.sockets.push(socket);
    // The app only uses what FakeSocket implements; the cast is the test seam.
    return socket as unknown as ChatSocket;
  };

  /** Accept connections, and connect every socket that is trying to. */
  goOnline(): void {
    this.online = true;
    for (const socket of this.sockets) if (socket.active && !socket.connected) socket.open();
  }

  /** Drop every connection the way a network failure does: the sockets stay active and reconnect on goOnline. */
  goOffline(): void {
    this.online = false;
    for (const socket of this.sockets) if (socket.connected) socket.close("transport close");
  }

  /** Answer a client event, e.g. acknowledge `send_message`. */
  handle(event: keyof ClientToServerEvents, handler: ServerHandler): void {
    this.handlers.set(event, handler);
  }

  /** Server → every connected client. */
  emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    for (const socket of this.sockets) if (socket.connected) socket.deliver(event, ...args);
  }

  /** The payloads the client sent with `event`, in order. */
  sent(event: keyof ClientToServerEvents): unknown[] {
    return this.received.filter((emit) => emit.event === event).map((emit) => emit.payload);
  }

  receive(socket: FakeSocket, event: keyof ClientToServerEvents, payload: unknown): unknown {
    this.received.push({ event, payload });
    return this.handlers.get(event)?.(payload, socket);
  }
}
