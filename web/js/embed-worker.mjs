// The local embedder in a worker of its own, so loading the model and computing vectors run on another
// core than Python. Answers {id, texts} with {id, vectors: Float32Array} (transferred, not copied).
import { Embedder } from "./embedder.mjs";

const ready = Embedder.load(new URL("../model/", import.meta.url).href);
ready.then(
  (embedder) => self.postMessage({ type: "ready", modelId: embedder.modelId, dim: embedder.dim }),
  (error) => self.postMessage({ type: "error", message: String(error && error.message ? error.message : error) }),
);

self.onmessage = async (event) => {
  const { id, texts } = event.data;
  try {
    const vectors = await (await ready).embed(texts);
    self.postMessage({ id, vectors }, [vectors.buffer]);
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
