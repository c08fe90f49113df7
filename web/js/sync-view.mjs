// The inspector's Sync tab: turn sync on with a CouchDB URL (a new memory's recovery phrase is shown once, to
// write down; or another device's phrase is entered to join it), see its state, pause and resume, show the
// phrase again to add a device, turn it off. All through memory.sync (sync-api.mjs).
import { el } from "./dom.mjs";
const STATES = {
  off: "Sync is off.",
  starting: "Sync is starting…",
  syncing: "Syncing…",
  idle: "Up to date.",
  offline: "The server cannot be reached; changes wait here and go when it answers.",
  paused: "Paused: changes wait here until you resume.",
  error: "Sync stopped on an error.",
};

function when(ms) {
  if (!ms) return "not yet";
  const date = new Date(ms);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString() : date.toLocaleString();
}

export function describeSync(status) {
  if (!status?.on) return STATES.off;
  const parts = [STATES[status.state] || status.state];
  if (status.error) parts.push(status.error.message);
  parts.push(`Last synced: ${when(status.lastSync)}.`);
  if (status.server) parts.push(`Server: ${status.server.replace(/\/\/[^@/]*@/, "//")}.`);
  return parts.join(" ");
}

const wired = new WeakMap();

export function syncView(memory, root) {
  const state = wired.get(root);
  if (state) {
    state.memory = memory;
    state.refresh();
    return;
  }
  const $ = (id) => root.querySelector(`#${id}`);
  const view = { memory };
  wired.set(root, view);
  const form = $("sync-on");
  const status = $("sync-status");
  const phraseBox = $("sync-phrase-box");

  function show(current) {
    status.textContent = describeSync(current);
    status.dataset.state = current?.on ? current.state : "off";
    form.hidden = Boolean(current?.on);
    $("sync-controls").hidden = $("sync-off").hidden = !current?.on;
    $("sync-pause").hidden = current?.state === "paused";
    $("sync-resume").hidden = current?.state !== "paused";
  }

  function fail(error) {
    status.textContent = `${error.message || error}`;
    status.dataset.state = "error";
  }

  async function act(work) {
    try {
      show(await work());
    } catch (error) {
      fail(error);
    }
  }

  view.refresh = () => act(() => view.memory.sync.status());
  memory.addEventListener("sync", (event) => {
    if (view.memory === memory) show(event.detail);
  });

  function showPhrase(phrase) {
    $("sync-phrase-words").replaceChildren(...phrase.split(" ").map((word) => el("li", {}, word))); // numbered, to write down in order
    phraseBox.hidden = false;
    $("sync-phrase-done").focus();
  }

  for (const radio of form.querySelectorAll("input[name=sync-mode]")) {
    radio.addEventListener("change", () => ($("sync-phrase-field").hidden = form.querySelector("input[name=sync-mode]:checked").value !== "join"));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const joining = form.querySelector("input[name=sync-mode]:checked").value === "join";
    const url = $("sync-url").value.trim();
    if (!url) return fail(new Error("Enter the CouchDB database's URL first."));
    status.textContent = joining ? "Checking the phrase with the server…" : "Turning sync on…";
    const options = { url, username: $("sync-user").value.trim() || null, password: $("sync-password").value || null, phrase: joining ? $("sync-phrase").value : null };
    try {
      const result = await view.memory.sync.enable(options);
      $("sync-phrase").value = $("sync-password").value = "";
      show(result);
      if (!joining) showPhrase(result.phrase);
    } catch (error) {
      fail(error);
    }
  });
  $("sync-phrase-done").addEventListener("click", () => {
    phraseBox.hidden = true;
    $("sync-phrase-words").replaceChildren();
  });
  $("sync-pause").addEventListener("click", () => act(() => view.memory.sync.pause()));
  $("sync-resume").addEventListener("click", () => act(() => view.memory.sync.resume()));
  $("sync-show-phrase").addEventListener("click", async () => {
    try {
      showPhrase((await view.memory.sync.phrase()).phrase);
    } catch (error) {
      fail(error);
    }
  });
  $("sync-off-go").addEventListener("click", () => act(() => view.memory.sync.disable({ deleteServerCopy: $("sync-delete-server").checked })));
  view.refresh();
}
