/** One part of a multipart form: a file when it has a filename, else a text field. */
export type FormPart = { field: string; content: Buffer | string; filename?: string; contentType?: string };

/** A multipart/form-data body and its content-type header, for app.inject. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = "----lootlane-test-boundary";
  const chunks = parts.flatMap(({ field, content, filename, contentType }) => {
    const disposition = `form-data; name="${field}"${filename === undefined ? "" : `; filename="${filename}"`}`;
    const type = filename === undefined ? "" : `Content-Type: ${contentType ?? "application/octet-stream"}\r\n`;
    return [
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(content),
      Buffer.from("\r\n"),
    ];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
