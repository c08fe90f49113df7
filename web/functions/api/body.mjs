// Reading a body stream with a size cap: too large is refused while reading, never buffered whole.

/** The stream's bytes; calls tooLarge() (which must throw) as soon as more than `limit` bytes arrive. */
export async function readCapped(stream, limit, tooLarge) {
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
