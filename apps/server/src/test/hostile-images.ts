import { Readable } from "node:stream";
import { createDeflate, crc32 } from "node:zlib";
import { testImages } from "./test-images.js";

/** What a polyglot carries after its image: harmless only if it never reaches a browser as our bytes. */
export const POLYGLOT_PAYLOAD =
  '<!doctype html><html><body><script>fetch("/v1/auth/get-my-user-id")</script></body></html>';

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

/** A PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A real JPEG whose start-of-frame header says `width`×`height`; the scan data still has the small size. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await testImages.jpeg(64, 48));
  // Markers after SOI (2 bytes): FF, marker, 2-byte length counting itself. SOF0–SOF2 hold precision (1 byte),
  // then height and width (2 bytes each).
  for (let offset = 2; offset + 4 <= jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    const marker = jpeg[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
  }
  throw new Error("the JPEG encoder wrote no start-of-frame marker");
}

/**
 * A complete, valid grayscale PNG of `side`×`side` black pixels: every row is there, so a decoder that
 * accepted it would really inflate side² bytes from a file about a thousandth of that.
 */
async function pngBombOfSide(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0 (grayscale), compression, filter and interlace are 0
  // Each row is a filter byte and `side` pixels, all zero; one row buffer is fed again and again.
  const row = Buffer.alloc(side + 1);
  const deflated: Buffer[] = [];
  const deflate = createDeflate({ level: 1 });
  deflate.on("data", (chunk: Buffer) => deflated.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  Readable.from(
    (function* () {
      for (let i = 0; i < side; i++) yield row;
    })(),
  ).pipe(deflate);
  await finished;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(deflated)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

let pngBomb: Promise<Buffer> | undefined;

/** Files an attacker sends as images, each named and typed as the picture it pretends to be. */
export const hostileImages = {
  empty: () => Buffer.alloc(0),
  text: () => Buffer.from("hello"),
  html: testImages.html,
  /** An SVG that runs script when opened as a page: served as our own bytes it would be stored XSS. */
  scriptedSvg: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    ),
  /** A valid PNG with an HTML page after its IEND chunk: a picture to a decoder, a page to a sniffing browser. */
  pngWithHtml: async () => Buffer.concat([await testImages.png(), Buffer.from(POLYGLOT_PAYLOAD)]),
  /** A valid JPEG with an HTML page after its end-of-image marker. */
  jpegWithHtml: async () => Buffer.concat([await testImages.jpeg(), Buffer.from(POLYGLOT_PAYLOAD)]),
  /** Begins as a PNG (its signature) and goes on as a JPEG. */
  pngSignatureThenJpeg: async () => Buffer.concat([PNG_SIGNATURE, await testImages.jpeg()]),
  /** Begins as a JPEG and has a whole PNG appended: named .png, it declares a format its bytes do not start with. */
  jpegThenPng: async () => Buffer.concat([await testImages.jpeg(), await testImages.png()]),
  /** An HTML page with a PNG after it. */
  htmlThenPng: async () => Buffer.concat([Buffer.from(POLYGLOT_PAYLOAD), await testImages.png()]),
  /** A GIF header in front of a PNG. */
  gifHeaderThenPng: async () => Buffer.concat([Buffer.from("GIF89a"), await testImages.png()]),
  truncatedPng: testImages.truncatedPng,
  /** A real JPEG cut in half: valid markers, scan data ending early. */
  truncatedJpeg: async () => {
    const jpeg = await testImages.jpeg(300, 200);
    return jpeg.subarray(0, Math.floor(jpeg.length / 2));
  },
  /** A tiny PNG whose header declares 100,000 × 100,000 pixels (10 gigapixels). */
  pngDeclaringTenGigapixels: () => testImages.pngDeclaring(100_000, 100_000),
  /** A tiny JPEG whose frame header declares 65,000 × 65,000 pixels. */
  jpegDeclaringFourGigapixels: () => jpegDeclaring(65_000, 65_000),
  /** A complete 10,000 × 10,000 PNG (100 MP, 2.5 times the limit) in about 430 KB; made once, as that takes a while. */
  pngBomb: () => (pngBomb ??= pngBombOfSide(10_000)),
};
