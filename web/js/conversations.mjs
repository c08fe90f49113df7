// The chat page's conversations: the list of past chats (open one to read it and go on; delete one with or
// without what memory learned only from it), a new chat, a temporary chat (neither remembered nor using
// memory), and a pause switch (nothing new is remembered; memory is still used). Which chat is open and
// whether memory is paused are kept per profile in this browser, so a reload comes back to the same place.
import { dayWords, el } from "./dom.mjs";

const $ = (id) => document.getElementById(id);
const SHOWN = 50; // chats listed; the inspector reaches every message

export class Conversations {
  /** `onOpen(chatId, conversation | null, keep)` draws a chat (null: a new or temporary one, empty); `keep`:
   * what was said meanwhile stays below it (the chat opened as the page starts, while the user may type). */
  constructor(memory, profile, onOpen) {
    this.memory = memory;
    this.onOpen = onOpen;
    this.chatKey = `memlace-chat:${profile}`;
    this.pauseKey = `memlace-paused:${profile}`;
    this.id = localStorage.getItem(this.chatKey) || newId();
    this.temporary = false;
    $("pause").checked = localStorage.getItem(this.pauseKey) === "1";
    $("pause").addEventListener("change", () => {
      localStorage.setItem(this.pauseKey, $("pause").checked ? "1" : "0");
      this.describe();
    });
    $("new-chat").addEventListener("click", () => this.startNew(false));
    $("temp-chat").addEventListener("click", () => this.startNew(true));
    this.describe();
  }

  /** Whether what is said now is remembered, and whether memory is consulted for it. */
  get remembers() {
    return !this.temporary && !$("pause").checked;
  }
  get consults() {
    return !this.temporary;
  }

  describe() {
    const mode = this.temporary
      ? "Temporary chat: nothing here is remembered and memory is not used. It is gone when you leave it."
      : $("pause").checked
        ? "Memory is paused: nothing new is remembered; what is remembered is still used."
        : "";
    $("chat-mode").textContent = mode;
    $("chat-mode").hidden = !mode;
  }

  startNew(temporary) {
    this.temporary = temporary;
    this.id = newId();
    if (!temporary) localStorage.setItem(this.chatKey, this.id);
    this.describe();
    this.onOpen(this.id, null);
    this.refresh();
  }

  /** Open a stored chat (or, as the page starts, the one this browser had open): its messages, then the list. */
  async open(chatId, { starting = false } = {}) {
    this.temporary = false;
    this.id = chatId;
    localStorage.setItem(this.chatKey, chatId);
    this.describe();
    let conversation = null;
    try {
      conversation = await this.memory.conversation(chatId, { limit: 200 });
    } catch (error) {
      if (error.code !== "not_found") $("chat-mode").textContent = `This chat could not be read: ${error.message}`;
    }
    if (this.id === chatId) this.onOpen(chatId, conversation, starting); // unless another chat was opened meanwhile
    await this.refresh();
  }

  async refresh() {
    let listed;
    try {
      listed = await this.memory.chats({ limit: SHOWN });
    } catch {
      return; // memory is unavailable: the chips say so
    }
    $("chats-summary").textContent = `Conversations (${listed.total})`;
    const rows = listed.chats.map((chat) => this.row(chat));
    $("chat-list").replaceChildren(...rows);
    if (!rows.length) $("chat-list").append(el("li", { class: "note" }, "No conversations yet: what you say here starts one."));
  }

  row(chat) {
    const current = chat.chat_id === this.id && !this.temporary;
    const open = el("button", { type: "button", class: "link", "aria-current": current ? "true" : null }, chat.title);
    open.addEventListener("click", () => this.open(chat.chat_id));
    const when = dayWords(chat.last);
    const remove = el("button", { type: "button", class: "quiet", "aria-label": `Delete: ${chat.title}` }, "Delete");
    const li = el("li", { "data-chat": chat.chat_id }, open, el("span", { class: "why" }, `${when} · ${chat.messages} message${chat.messages === 1 ? "" : "s"}`), remove);
    remove.addEventListener("click", () => li.replaceChildren(...this.confirmation(chat, li)));
    return li;
  }

  /** Deleting asks once, inline, whether what memory learned only from this chat goes too. */
  confirmation(chat, li) {
    const also = el("input", { type: "checkbox" });
    const yes = el("button", { type: "button", class: "danger" }, "Delete chat");
    const no = el("button", { type: "button", class: "quiet" }, "Cancel");
    no.addEventListener("click", () => li.replaceWith(this.row(chat)));
    yes.addEventListener("click", async () => {
      yes.disabled = true;
      try {
        await this.memory.forgetChat(chat.chat_id, { withMemories: also.checked });
        if (chat.chat_id === this.id) this.startNew(false);
        else await this.refresh();
      } catch (error) {
        li.append(el("p", { class: "note error" }, `Could not delete: ${error.message}`));
        yes.disabled = false;
      }
    });
    return [
      el("span", {}, `Delete “${chat.title}”? `),
      el("label", { class: "inline" }, also, " also forget what memory learned only from it"),
      el("span", { class: "row" }, yes, no),
    ];
  }
}

function newId() {
  return `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}
