// The inspector's chat history import: pick a ChatGPT or Claude export (the zip as downloaded or its
// conversations.json) or memlace JSON lines, or drop it on the box; it goes in a batch at a time with its
// counts, the time left, and Stop. An import that did not finish (Stop, a closed tab) is offered again when
// the page opens: Resume goes on where it stopped (its file was kept), Discard lets it go.
import { el } from "./dom.mjs";
import { dropImport, keepImport, pendingImport } from "./import-resume.mjs";

const FORMATS = { chatgpt: "ChatGPT export", claude: "Claude export", jsonl: "JSON lines" };

function describe(report) {
  const stored = report.added + report.already;
  const skipped = Object.entries(report.skipped || {}).map(([why, n]) => `${n} ${why}`);
  const parts = [
    `${FORMATS[report.format] || "file"}: ${report.conversations} conversations, ${report.messages} messages read`,
    `${report.added} added${report.already ? `, ${report.already} were already here` : ""}`,
  ];
  if (skipped.length) parts.push(`left out: ${skipped.join(", ")}`);
  if (report.refused_count) parts.push(`${report.refused_count} could not be taken`);
  const reading = !report.done && !report.stored_seconds;
  const rate = report.seconds > 0 ? stored / report.seconds : 0;
  if (reading && rate > 0) parts.push(`${rate.toFixed(0)} messages/s`);
  if (report.vectors_waiting && !reading) {
    // The messages and their memories are in; the turns' vectors follow (keywords find them meanwhile).
    parts.push(`${report.vectors_waiting} turns still to index for search by meaning${report.done ? " (next time memory opens)" : ""}`);
  }
  return parts.join(" · ");
}

const views = new WeakMap(); // root -> {memory}

/** Wire the chat-history import into `root` (a section with an input[type=file], a status line, a Stop button). */
export function chatImportView(memory, root) {
  const wired = views.get(root);
  if (wired) {
    wired.memory = memory; // the inspector went back to this browser's memory: one set of listeners
    return;
  }
  const state = { memory };
  views.set(root, state);
  const input = root.querySelector("input[type=file]");
  const status = root.querySelector("[data-role=status]");
  const stop = root.querySelector("button[data-role=stop]");
  const refusals = root.querySelector("[data-role=refused]");
  const resume = root.querySelector("button[data-role=resume]");
  const discard = root.querySelector("button[data-role=discard]");
  let controller = null;
  let pending = null;

  function offer(kept, why) {
    pending = kept;
    resume.hidden = discard.hidden = !kept;
    if (kept) status.textContent = `${why} Resume goes on where it stopped; nothing is added twice.`;
  }

  async function run(file, resuming = false) {
    if (controller) return;
    controller = new AbortController();
    const profile = state.memory.profile;
    offer(null);
    stop.hidden = false;
    refusals.replaceChildren();
    status.textContent = `${resuming ? "Resuming" : "Reading"} ${file.name}…`;
    const kept = resuming || (await keepImport(profile, file));
    let last = null;
    try {
      const onProgress = (r) => {
        last = r;
        status.textContent = describe(r);
      };
      const report = await state.memory.importChats(file, { signal: controller.signal, onProgress });
      status.textContent = `Done. ${describe(report)}`;
      if (report.refused.length) refusals.replaceChildren(...report.refused.map((line) => el("li", {}, line)));
      await dropImport(profile);
    } catch (error) {
      const refused = ["import_format", "invalid_input"].includes(error.code); // the file itself: resuming cannot help
      if (kept && !refused) {
        const why = error.code === "cancelled" ? "Stopped." : `The import stopped: ${error.message}.`; // a full store, a lost worker
        offer({ name: file.name, file }, `${why} ${last ? `${describe(last)}.` : ""}`);
      } else {
        status.textContent = error.code === "cancelled" ? `Stopped: ${error.message}.` : `This file cannot be imported: ${error.message}`;
        await dropImport(profile);
      }
    } finally {
      controller = null;
      stop.hidden = true;
      input.value = "";
    }
  }

  resume.addEventListener("click", () => pending && run(pending.file, true));
  discard.addEventListener("click", async () => {
    await dropImport(state.memory.profile);
    offer(null);
    status.textContent = "Discarded. What was imported before it stopped stays.";
  });
  pendingImport(state.memory.profile).then((kept) => {
    if (kept && !controller) offer(kept, `The import of ${kept.name}, started ${new Date(kept.since).toLocaleString()}, did not finish.`);
  });
  input.addEventListener("change", () => input.files[0] && run(input.files[0]));
  stop.addEventListener("click", () => controller?.abort());
  root.addEventListener("dragover", (event) => {
    event.preventDefault();
    root.classList.add("dropping");
  });
  root.addEventListener("dragleave", () => root.classList.remove("dropping"));
  root.addEventListener("drop", (event) => {
    event.preventDefault();
    root.classList.remove("dropping");
    const file = event.dataTransfer?.files?.[0];
    if (file && !input.disabled) run(file);
  });
}
