import { listenSocketCeiling } from "./ceilings.js";

/** The C_socket process: listens, tells the parent its port, and ends with the parent. */
const ceiling = await listenSocketCeiling();
process.send?.({ port: ceiling.port });
process.once("disconnect", () => void ceiling.close().then(() => process.exit(0)));
process.once("SIGTERM", () => void ceiling.close().then(() => process.exit(0)));
