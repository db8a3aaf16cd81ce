/**
 * An uploading client in a process of its own, run by tests as `node upload-client.ts '<json>'`: inside the
 * test's process the client's writes and the server's answer take turns on one event loop, so a server that
 * closes a connection mid-upload was never seen failing there, while a real remote client got EPIPE. Prints
 * one JSON line per attempt: the status and body received, or the error the client saw.
 */
import { connect } from "node:net";

type Job =
  | { mode: "fetch"; url: string; cookie?: string; bytes: number; attempts: number }
  | { mode: "slow"; url: string; chunkBytes: number; chunks: number; pauseMs: number };

type Outcome = { status: number; body: string } | { error: string };

const job = JSON.parse(process.argv[2]!) as Job;

/** An integrator's script: Node's fetch (undici) posting a form with one large image. */
async function fetchUpload(job: Extract<Job, { mode: "fetch" }>): Promise<Outcome> {
  const form = new FormData();
  form.append("title", "Refused listing");
  form.append("images", new Blob([Buffer.alloc(job.bytes, 0x61)], { type: "image/png" }), "big.png");
  try {
    const response = await fetch(job.url, {
      method: "POST",
      body: form,
      headers: job.cookie ? { cookie: job.cookie } : {},
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? String(error) };
  }
}

/**
 * A slow uploader on a raw socket: the form in chunks with pauses, then a second request on the same
 * connection. Answers everything the server sent until it closed the connection.
 */
function slowUpload(job: Extract<Job, { mode: "slow" }>): Promise<Outcome> {
  const url = new URL(job.url);
  const boundary = "slowuploadboundary";
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n` +
    "Content-Type: image/png\r\n\r\n";
  const tail = `\r\n--${boundary}--\r\n`;
  const chunk = Buffer.alloc(job.chunkBytes, 0x61);
  const length = Buffer.byteLength(head) + chunk.length * job.chunks + Buffer.byteLength(tail);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    let received = "";
    socket.on("data", (data: Buffer) => (received += data.toString()));
    socket.on("error", (error: Error & { code?: string }) => resolve({ error: error.code ?? error.message }));
    socket.on("close", () => resolve({ status: Number(received.slice(9, 12)), body: received }));
    socket.on("connect", () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${head}`,
      );
      let sent = 0;
      const sendNext = (): void => {
        if (sent === job.chunks) {
          socket.write(tail);
          socket.write(`GET /v1/health HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
          return;
        }
        sent += 1;
        socket.write(chunk, () => setTimeout(sendNext, job.pauseMs));
      };
      sendNext();
    });
  });
}

if (job.mode === "fetch") {
  for (let attempt = 0; attempt < job.attempts; attempt += 1)
    process.stdout.write(`${JSON.stringify(await fetchUpload(job))}\n`);
} else {
  process.stdout.write(`${JSON.stringify(await slowUpload(job))}\n`);
}
