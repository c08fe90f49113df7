// <memlace-panel>: a drop-in view of what memlace remembers and of what the next message will be given,
// with edit and forget inline. Shadow DOM keeps the host's styles out and ours in; it needs no
// cross-origin isolation and no inline script or style, so it works under a strict host CSP.
//
//   <memlace-panel for="message-box"></memlace-panel>       (for: the id of the host's text box to preview)
//   panel.memory = await open({profile: "default"});        (or attributes profile / api-base, and it opens one)
import { el, plainWhy, why } from "./dom.mjs";
import { idKind, open } from "./memlace.mjs";

const STYLE = new URL("../panel.css", import.meta.url).href;
const PAGE = 20;

export class MemlacePanel extends HTMLElement {
  static observedAttributes = ["for"];

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.root.append(el("link", { rel: "stylesheet", href: STYLE }));
    this.status = el("p", { class: "note", role: "status" }, "Memory is starting…");
    this.next = el("ol", { class: "items", "aria-label": "What the next message will be given" });
    this.nextNote = el("p", { class: "note" }, "Type a message to see what memory would give it.");
    this.search = el("input", { type: "search", placeholder: "Search what is remembered", "aria-label": "Search memories" });
    this.list = el("ol", { class: "items", "aria-label": "Remembered" });
    this.more = el("button", { type: "button", class: "quiet", hidden: true }, "Show more");
    const about = "memlace: what this page remembers about you, kept in your browser, with what your next message will be given.";
    this.root.append(
      el("p", { part: "about", class: "note about" }, about),
      el("section", { part: "next" }, el("h2", {}, "Next message gets"), this.nextNote, this.next),
      el("section", { part: "remembered" }, el("h2", {}, "Remembered"), this.search, this.status, this.list, this.more),
    );
    this.limit = PAGE;
    this.search.addEventListener("input", () => this.debounce("list", () => this.refresh(), 250));
    this.more.addEventListener("click", () => {
      this.limit += PAGE;
      this.refresh();
    });
    this.timers = {};
    this.armed = new Set();
    this.onChange = () => {
      this.debounce("list", () => this.refresh(), 100);
      if (this.input) this.debounce("preview", () => this.preview(this.input.value), 100); // an emptied box clears it
    };
  }

  set memory(memory) {
    this._memory?.removeEventListener("change", this.onChange);
    this._memory = memory;
    memory.addEventListener("change", this.onChange);
    memory.ready.then(
      () => this.refresh(),
      (error) => this.say(`Memory is unavailable: ${error.message}`),
    );
  }

  get memory() {
    return this._memory;
  }

  async connectedCallback() {
    this.watchInput();
    if (!this._memory) {
      const apiBase = this.getAttribute("api-base");
      this.memory = await open({ profile: this.getAttribute("profile") || "default", ...(apiBase !== null ? { apiBase: apiBase || null } : {}) });
    }
  }

  disconnectedCallback() {
    this.input?.removeEventListener("input", this.onInput);
    this._memory?.removeEventListener("change", this.onChange);
  }

  attributeChangedCallback() {
    if (this.isConnected) this.watchInput();
  }

  watchInput() {
    this.input?.removeEventListener("input", this.onInput);
    this.input = this.getAttribute("for") ? document.getElementById(this.getAttribute("for")) : null;
    this.onInput = () => this.debounce("preview", () => this.preview(this.input.value), 300);
    this.input?.addEventListener("input", this.onInput);
  }

  debounce(key, action, ms) {
    clearTimeout(this.timers[key]);
    this.timers[key] = setTimeout(action, ms);
  }

  say(text) {
    this.status.textContent = text;
  }

  /** Show what `text` would be given, without counting it as a use of those memories. */
  async preview(text) {
    if (!this._memory || !text.trim()) {
      this.asked = (this.asked || 0) + 1; // an answer still on its way is for text no longer there
      this.next.replaceChildren();
      this.nextNote.textContent = "Type a message to see what memory would give it.";
      return;
    }
    const asked = (this.asked = (this.asked || 0) + 1);
    try {
      const pack = await this._memory.retrieve(text, { track: false });
      if (asked !== this.asked) return; // a newer preview was asked for meanwhile: its answer draws the list
      this.nextNote.textContent = pack.skipped ? `Not consulted: ${pack.skipped}.` : pack.items.length ? "" : "Nothing remembered is relevant.";
      this.next.replaceChildren(...pack.items.map((item) => this.row(item, plainWhy(item), why(item))));
    } catch (error) {
      this.nextNote.textContent = `Memory error: ${error.message}`;
    }
  }

  async refresh() {
    if (!this._memory) return;
    try {
      const page = await this._memory.list({ text: this.search.value.trim() || null, limit: this.limit, status: "active" });
      this.list.replaceChildren(...page.items.map((memory) => this.row({ ...memory, type: "memory" }, `${memory.kind} · ${memory.status}`)));
      this.say(page.total ? `${page.total} memor${page.total === 1 ? "y" : "ies"}` : "Nothing is remembered yet.");
      this.more.hidden = page.items.length >= page.total;
    } catch (error) {
      this.say(`Memory error: ${error.message}`);
    }
  }

  row(item, detail, technical = "") {
    const text = el("span", { class: "text" }, item.text);
    const li = el("li", {}, text, el("span", { class: "why", title: technical || null }, detail));
    if (item.type !== "memory" || idKind(item.id) !== "memory") return li;
    const actions = el("span", { class: "actions" });
    const edit = el("button", { type: "button", class: "quiet", "aria-label": `Edit: ${item.text}` }, "Edit");
    // Forgetting takes two clicks; the armed state survives the list being redrawn by a change meanwhile.
    const armed = this.armed.has(item.id);
    const forget = el(
      "button",
      { type: "button", class: "quiet danger", "aria-label": `${armed ? "Really forget" : "Forget"}: ${item.text}` },
      armed ? "Really forget?" : "Forget",
    );
    edit.addEventListener("click", () => this.editInline(li, item, text));
    forget.addEventListener("click", async () => {
      if (!this.armed.has(item.id)) {
        this.armed.add(item.id);
        forget.textContent = "Really forget?";
        forget.setAttribute("aria-label", `Really forget: ${item.text}`);
        return;
      }
      try {
        await this._memory.forget(item.id);
        this.armed.delete(item.id);
        li.remove();
      } catch (error) {
        this.say(`Could not forget: ${error.message}`);
      }
    });
    actions.append(edit, forget);
    li.append(actions);
    return li;
  }

  editInline(li, item, text) {
    const input = el("input", { type: "text", value: item.text, "aria-label": "New text" });
    const save = el("button", { type: "button" }, "Save");
    const cancel = el("button", { type: "button", class: "quiet" }, "Cancel");
    const form = el("span", { class: "edit" }, input, save, cancel);
    text.replaceWith(form);
    input.focus();
    cancel.addEventListener("click", () => form.replaceWith(text));
    const commit = async () => {
      try {
        await this._memory.edit(item.id, input.value);
        this.refresh();
      } catch (error) {
        this.say(`Could not save: ${error.message}`);
      }
    };
    save.addEventListener("click", commit);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") commit();
      if (event.key === "Escape") form.replaceWith(text);
    });
  }
}

if (!customElements.get("memlace-panel")) customElements.define("memlace-panel", MemlacePanel);
