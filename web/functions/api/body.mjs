// Reading a body stream with a size cap: too large is refused while reading, never buffered whole.

/**
 * The stream's bytes; calls tooLarge() (which must throw) as soon as more than `limit` bytes arrive, and,
 * with `deadline` ({ms, error}), throws `error` when the whole body has not arrived in that time (a
 * client that sends one byte a minute must not hold the function open).
 */
export async function readCapped(stream, limit, tooLarge, deadline = null) {
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  let timer;
  const late = deadline
    ? new Promise((_, reject) => {
        timer = setTimeout(() => reject(deadline.error), deadline.ms);
      })
    : null;
  for (;;) {
    let next;
    try {
      next = late ? await Promise.race([reader.read(), late]) : await reader.read();
    } catch (error) {
      clearTimeout(timer);
      await reader.cancel().catch(() => {});
      throw error;
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      clearTimeout(timer);
      await reader.cancel().catch(() => {});
      tooLarge();
    }
    chunks.push(value);
  }
  clearTimeout(timer);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
