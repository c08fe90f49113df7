// DOM helpers for every page. Untrusted text (messages, memories, entity names, imported files) only ever
// becomes a text node: nothing here sets innerHTML, so a remembered "<img onerror=...>" stays text.

/** el("li", {class: "x", title: "y"}, "text", childNode, ...): strings become text nodes. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "3 March 2025" (UTC, as memory dates things), or "" without a time. */
export function dayWords(seconds) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return "";
  const day = new Date(seconds * 1000);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

const YOU = new Set(["user", "you", ""]);

/**
 * Why a pack item is there, in words a person reads: who said it and when, the words it matched, who it is
 * about ("you said this on 3 March 2025 · matches “live” · about Ana"). `you`: the user's own name, if set.
 */
export function plainWhy(item, you = "") {
  const reason = item.reason || {};
  const sources = reason.sources || [];
  const speaker = (item.speaker || "").trim();
  const isYou = YOU.has(speaker.toLowerCase()) || (you && speaker.toLowerCase() === you.trim().toLowerCase());
  const when = dayWords(item.timestamp);
  const parts = [];
  if (item.type === "memory") parts.push(`a note about ${isYou ? "you" : speaker || "someone"}${when ? `, from ${when}` : ""}`);
  else {
    const who = isYou ? "you" : speaker.toLowerCase() === "assistant" ? "the assistant" : speaker || "someone";
    parts.push(`${who} said this${when ? ` on ${when}` : ""}`);
  }
  if (reason.matched?.length) parts.push(`matches ${reason.matched.map((word) => `“${word}”`).join(", ")}`);
  const others = (reason.entities || []).filter((name) => name.toLowerCase() !== speaker.toLowerCase());
  if (others.length) parts.push(`about ${others.slice(0, 3).join(", ")}`);
  if (sources.includes("vector") && !reason.matched?.length) parts.push("close in meaning");
  if (sources.includes("graph")) parts.push("linked to a note that matches");
  if (sources.includes("neighbour") && !sources.includes("keyword") && !sources.includes("vector")) parts.push("said next to a match");
  if (sources.includes("identity")) parts.push("part of what memory knows about you");
  if (sources.includes("place")) parts.push("names a place, and you asked where");
  if (sources.includes("trip")) parts.push("names a place, and you asked about a trip");
  if (sources.includes("pastime")) parts.push("names something you do for fun, and you asked about that");
  if (sources.includes("tool")) parts.push("names a tool you use, and you asked about those");
  if (sources.includes("medicine")) parts.push("names a medicine, and you asked about those");
  if (sources.includes("day")) parts.push("from the day you asked about");
  if (sources.includes("news")) parts.push("later news of someone another note names");
  if (sources.includes("trigger")) parts.push("a rule you set that applies here");
  else if (sources.includes("constraint")) parts.push("something to keep in mind here (an allergy, a diet, a rule)");
  return parts.join(" · ");
}

/** One line saying why a pack item is there: its sources, the path it came by, its score. */
export function why(item) {
  const reason = item.reason || {};
  const parts = [(reason.sources || []).join(" + ") || "ranked"];
  if (reason.via) parts.push(`via ${reason.via}`);
  parts.push(`score ${Number(item.score).toFixed(3)}`);
  if (item.status && item.status !== "confirmed") parts.push(item.status);
  return `${item.type} · ${parts.join(" · ")}`;
}

/** Light / dark / system theme, remembered per browser; a button with data-theme-toggle cycles it. */
export function setupTheme(root = document.documentElement) {
  const apply = (theme) => {
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
    else delete root.dataset.theme;
  };
  apply(localStorage.getItem("memlace-theme"));
  for (const button of document.querySelectorAll("[data-theme-toggle]")) {
    const label = () => {
      button.textContent = `Theme: ${localStorage.getItem("memlace-theme") || "system"}`;
    };
    label();
    button.addEventListener("click", () => {
      const order = ["system", "light", "dark"];
      const next = order[(order.indexOf(localStorage.getItem("memlace-theme") || "system") + 1) % order.length];
      if (next === "system") localStorage.removeItem("memlace-theme");
      else localStorage.setItem("memlace-theme", next);
      apply(next);
      label();
    });
  }
}

const PROFILE_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** The profile switcher in a page's header: lists this browser's profiles (their IndexedDB databases) and opens
 * another, or a new one, by loading the page with ?profile=; the links between pages keep the profile. */
export async function setupProfiles(current) {
  for (const link of document.querySelectorAll("nav a[href]")) {
    const url = new URL(link.href, document.baseURI);
    if (current !== "default") url.searchParams.set("profile", current);
    link.href = url.href;
  }
  const form = document.getElementById("profile-form");
  if (!form) return;
  const select = form.querySelector("select");
  const named = form.querySelector("[data-role=new]");
  const input = named.querySelector("input");
  const names = new Set(["default", current]);
  try {
    for (const database of await indexedDB.databases()) {
      const name = database.name?.startsWith("memlace-") ? database.name.slice("memlace-".length) : null;
      if (name && PROFILE_NAME.test(name) && !name.startsWith("file-")) names.add(name);
    }
  } catch {} // a browser without indexedDB.databases() lists only the current and default profiles
  const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
  select.replaceChildren(...[...names].sort().map((name) => option(name, name)), option("", "New profile…"));
  select.value = current;
  const go = (name) => {
    const url = new URL(location.href);
    url.searchParams.set("profile", name);
    location.assign(url.href);
  };
  select.addEventListener("change", () => {
    named.hidden = select.value !== "";
    if (select.value) go(select.value);
    else input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    input.setCustomValidity(PROFILE_NAME.test(name) ? "" : "Letters, digits, - and _ only, at most 40");
    if (input.reportValidity()) go(name);
  });
}

/** Register the service worker that keeps the app usable offline after the first visit. */
export function registerServiceWorker(onUpdate = () => {}) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const url = new URL("sw.js", document.baseURI);
  navigator.serviceWorker.register(url, { scope: new URL("./", url).pathname }).then(
    (registration) => {
      if (!registration) return; // registration blocked (by policy or an automation tool): no offline copy
      // A new deploy installs beside the old one and waits: the page offers a reload instead of switching mid-session.
      registration.addEventListener("updatefound", () => {
        const next = registration.installing;
        next?.addEventListener("statechange", () => {
          if (next.state === "installed" && navigator.serviceWorker.controller) onUpdate(() => next.postMessage("activate"));
        });
      });
    },
    () => {},
  );
}
