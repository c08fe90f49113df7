// The inspector's Sync tab: turn sync on with this site's sync server or a CouchDB URL (a new memory's recovery phrase is shown once, to
// write down; or another device's phrase is entered to join it), see its state, pause and resume, show the
// phrase again or a short pairing code to add a device, turn it off. All through memory.sync (sync-api.mjs).
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

/** An error's message (written to follow a colon: "the server refused…") as a sentence of its own. */
function sentence(message) {
  const text = String(message).trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}

export function describeSync(status) {
  if (!status?.on) return STATES.off;
  const parts = [STATES[status.state] || status.state];
  if (status.error) parts.push(sentence(status.error.message));
  if (status.pending > 0) parts.push(`${status.pending} change${status.pending > 1 ? "s" : ""} wait${status.pending > 1 ? "" : "s"} to be sent.`);
  parts.push(`Last synced: ${when(status.lastSync)}.`);
  if (status.site) parts.push("Server: this site's sync server.");
  else if (status.server) parts.push(`Server: ${status.server.replace(/\/\/[^@/]*@/, "//")}.`);
  return parts.join(" ");
}

const wired = new WeakMap();

/** Whether the site's function offers a sync server (its health says so); offline or unknown: no. */
async function siteOffered(memory) {
  if (!memory.apiBase) return false;
  try {
    const headers = memory.secret ? { "x-memlace-secret": memory.secret } : {};
    const health = await (await fetch(`${memory.apiBase}/api/health`, { headers })).json();
    return health?.sync?.configured === true;
  } catch {
    return false;
  }
}

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
    if (!current?.on) $("sync-pair-box").hidden = true; // a code shown before sync went off is no use now
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

  // The site's own sync server (and pairing codes, which it keeps) is offered when the site's function has a
  // CouchDB behind it. A pairing code brings the server with the key: no server fields then.
  const chosen = (name) => form.querySelector(`input[name=${name}]:checked`).value;
  const siteChosen = () => !$("sync-server-choice").hidden && chosen("sync-server") === "site";
  const byCode = () => chosen("sync-mode") === "code";
  const showFields = () => {
    $("sync-server-choice").hidden = !view.siteOffered || byCode();
    $("sync-own-server").hidden = siteChosen() || byCode();
    $("sync-phrase-field").hidden = chosen("sync-mode") !== "join";
    $("sync-code-field").hidden = !byCode();
  };
  for (const radio of form.querySelectorAll("input[name=sync-server], input[name=sync-mode]")) radio.addEventListener("change", showFields);
  siteOffered(memory).then((offered) => {
    view.siteOffered = offered;
    $("sync-code-mode").hidden = $("sync-pair").hidden = !offered;
    showFields();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const mode = chosen("sync-mode");
    const site = siteChosen();
    const url = $("sync-url").value.trim();
    if (mode !== "code" && !site && !url) return fail(new Error("Enter the CouchDB database's URL first."));
    status.textContent = mode === "new" ? "Turning sync on…" : "Checking with the server…";
    const phrase = mode === "join" ? $("sync-phrase").value : null;
    const options =
      mode === "code"
        ? { pairingCode: $("sync-code").value }
        : site
          ? { site, phrase }
          : { url, username: $("sync-user").value.trim() || null, password: $("sync-password").value || null, phrase };
    try {
      const result = await view.memory.sync.enable(options);
      $("sync-phrase").value = $("sync-password").value = $("sync-code").value = "";
      show(result);
      if (mode === "new") showPhrase(result.phrase);
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
  $("sync-pair").addEventListener("click", async () => {
    try {
      const { code, expires } = await view.memory.sync.pairingCode();
      $("sync-pair-code").textContent = code;
      $("sync-pair-until").textContent = new Date(expires).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      $("sync-pair-box").hidden = false;
    } catch (error) {
      fail(error);
    }
  });
  $("sync-pair-done").addEventListener("click", () => {
    $("sync-pair-box").hidden = true;
    $("sync-pair-code").textContent = "";
  });
  $("sync-off-go").addEventListener("click", () => act(() => view.memory.sync.disable({ deleteServerCopy: $("sync-delete-server").checked })));
  view.refresh();
}
