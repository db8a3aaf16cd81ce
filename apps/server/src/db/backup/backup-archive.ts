/*
 * The backup file is a plain tar (`tar -tvf` lists it, `tar -xf` unpacks it by hand) of a few whole files held in
 * memory. Node has no tar of its own and the server depends on no tar package, so this writes and reads just the
 * ustar subset it needs: regular files with short names.
 */

const BLOCK = 512;

/** A tar archive of the files, each readable by its owner only: a backup can hold the secrets file. */
export function writeTar(files: ReadonlyMap<string, Uint8Array>, mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const [name, data] of files) {
    parts.push(header(name, data.length, mtime), Buffer.from(data), Buffer.alloc(padding(data.length)));
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // the end-of-archive marker
  return Buffer.concat(parts);
}

/** The regular files of a tar archive by name; undefined when the bytes are not a ustar archive. */
export function readTar(archive: Uint8Array): Map<string, Buffer> | undefined {
  const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + BLOCK <= bytes.length) {
    const block = bytes.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return files;
    if (text(block, 257, 5) !== "ustar") return undefined;
    const size = Number.parseInt(text(block, 124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || offset + BLOCK + size > bytes.length) return undefined;
    // "0" and the old NUL both mean a regular file; anything else (directories, links) a backup never holds.
    const type = text(block, 156, 1);
    if (type === "0" || type === "")
      files.set(text(block, 0, 100), bytes.subarray(offset + BLOCK, offset + BLOCK + size));
    offset += BLOCK + size + padding(size);
  }
  return undefined;
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(0o600, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  // The checksum is summed with its own field read as spaces.
  block.fill(" ", 148, 156, "ascii");
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, "0")}\u0000 `, 148, "ascii");
  return block;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\u0000`;
}

function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}
