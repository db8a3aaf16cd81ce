import { createSocket } from "node:dgram";
import { isIPv4 } from "node:net";
import { afterAll, beforeAll } from "vitest";

/*
 * A DNS name server on this machine for the tests of endpoints that users name, webhooks and push (RFC 1035 over
 * UDP): it answers A and AAAA questions from its table with a TTL of 0, answers NXDOMAIN for a name it does not
 * hold, and never answers a name marked silent, as a name server that is down or dropped.
 */

type Entry = { addresses: string[] } | "silent";

const A = 1;
const AAAA = 28;
const CLASS_IN = 1;

/** The name server for the file's tests: listening from before the first test to after the last. */
export function useNameServer() {
  const entries = new Map<string, Entry>();
  const socket = createSocket("udp4");
  socket.on("message", (query, from) => {
    const question = questionOf(query);
    if (!question) return;
    const entry = entries.get(question.name);
    if (entry === "silent") return;
    socket.send(answerTo(query, question, entry), from.port, from.address);
  });
  beforeAll(() => new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return {
    /** `host:port`, as dns.Resolver's setServers takes it. */
    address: () => `127.0.0.1:${socket.address().port}`,
    /** What the name resolves to from now on: addresses, or no answer at all. */
    set: (name: string, entry: Entry) => entries.set(name.toLowerCase(), entry),
  };
}

type Question = { name: string; type: number; end: number };

/** The first question of a query: its name (lowercase, no trailing dot), type, and where it ends. */
function questionOf(query: Buffer): Question | undefined {
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString("ascii"));
    offset += 1 + length;
  }
  if (offset + 5 > query.length) return undefined;
  return { name: labels.join(".").toLowerCase(), type: query.readUInt16BE(offset + 1), end: offset + 5 };
}

function answerTo(query: Buffer, question: Question, entry: { addresses: string[] } | undefined): Buffer {
  const wanted = (entry?.addresses ?? []).filter((address) =>
    question.type === A ? isIPv4(address) : question.type === AAAA && !isIPv4(address),
  );
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // A response, authoritative, recursion as asked and available; NXDOMAIN (3) for a name not held.
  const recursionDesired = query.readUInt16BE(2) & 0x0100;
  header.writeUInt16BE(0x8000 | 0x0400 | recursionDesired | 0x0080 | (entry ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(wanted.length, 6);
  const records = wanted.map((address) => {
    const data = question.type === A ? ipv4Bytes(address) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    // The name is a pointer to the question's (offset 12).
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(0, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

const ipv4Bytes = (address: string) => Buffer.from(address.split(".").map(Number));

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail = ""] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = address.includes("::")
    ? [...groups(head), ...Array<string>(missing).fill("0"), ...groups(tail)]
    : groups(address);
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}
