import { io } from "socket.io-client";
import type { SocketFactory } from "./realtime-client";
import { realtimeSocketOptions } from "./realtime-options";

/**
 * The real socket: the page's own origin, where the server also answers /socket.io. Its own module, loaded by
 * the provider when someone signs in, so a guest never downloads the Socket.IO client.
 */
export const createBrowserSocket: SocketFactory = () => io(realtimeSocketOptions);
