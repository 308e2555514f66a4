// Table Link, the phone's side: shows the host's Play tracks and sends this phone's changes as operations.
// The host (the desktop) is the only source of truth: nothing changes here until the host says so. Every
// operation carries an id made here; after a lost connection the unanswered ones are sent again with the same
// ids, and the host answers a repeated id with its earlier result (never applied twice).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const socketUrl = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + base + "ws";
  const store = {
    get(key, fallback) { try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; } },
    set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: kept for this visit */ } },
  };

  function randomId(bytes) {
    const a = new Uint8Array(bytes);
    crypto.getRandomValues(a);   // works on a plain http page on the local network (randomUUID does not)
    return Array.from(a, (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"[b & 63]).join("");
  }

  const client = store.get("starwright.client", null) || randomId(22);
  store.set("starwright.client", client);
  let name = store.get("starwright.name", "");

  let ws = null, state = null, controls = new Set(), attempts = 0, timer = null, stopped = false;
  let pingSent = 0, watchdog = null;
  const pending = new Map();     // op id -> message, until the host answers

  // -- the connection --------------------------------------------------------------------------------------
  function setLink(text, cls) {
    const el = $("link");
    el.textContent = text;
    el.className = "link " + (cls || "");
  }

  function connect() {
    clearTimeout(timer);
    if (stopped || (ws && ws.readyState <= 1)) return;
    setLink(attempts ? "Reconnecting…" : "Connecting…", "down");
    let sock;
    try { sock = new WebSocket(socketUrl); } catch (e) { return later(); }
    ws = sock;
    sock.onopen = () => send({ type: "hello", client: client, name: name });
    sock.onmessage = (ev) => { if (sock === ws) receive(ev.data); };
    sock.onclose = () => { if (sock === ws) { ws = null; later(); } };
  }

  function later() {
    if (stopped) return;
    // 0.5 s, 1 s, 2 s ... at most 15 s between tries, a little jitter so phones do not come back in step
    const wait = Math.min(15000, 500 * 2 ** Math.min(attempts, 5)) * (0.8 + Math.random() * 0.4);
    attempts += 1;
    setLink("Connection lost; trying again…", "down");
    timer = setTimeout(connect, wait);
  }

  function send(msg) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  // After sleep or a Wi-Fi change the old socket may look open but be dead: ask, and start again unanswered.
  function check() {
    if (stopped) return;
    if (!ws || ws.readyState > 1) { attempts = 0; connect(); return; }
    pingSent = Date.now();
    send({ type: "ping", id: pingSent });
    clearTimeout(watchdog);
    watchdog = setTimeout(() => { if (ws) { const old = ws; ws = null; old.close(); later(); } }, 4000);
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
  window.addEventListener("online", check);
  window.addEventListener("pageshow", check);

  function receive(text) {
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    switch (msg.type) {
      case "welcome":
        attempts = 0;
        setLink("Live", "live");
        $("gone").hidden = true;
        controls = new Set(msg.controls);
        showState(msg.state);
        for (const op of pending.values()) send(op);   // unanswered: the same ids, never applied twice
        break;
      case "state": showState(msg.state); break;
      case "diff": applyDiff(msg); break;
      case "controls": controls = new Set(msg.controls); draw(); break;
      case "result": answered(msg); break;
      case "pong": clearTimeout(watchdog); break;
      case "refused": toast(msg.reason, msg.rule); break;
      case "bye":
        stopped = true;
        setLink("Not connected", "down");
        $("gone-why").textContent = msg.reason + " Scan the code on the host's screen to join again.";
        $("gone").hidden = false;
        break;
    }
  }

  $("retry").addEventListener("click", () => { location.reload(); });

  // -- operations ------------------------------------------------------------------------------------------
  function operate(fields, button) {
    const id = randomId(16);
    const msg = Object.assign({ type: "op", id: id }, fields);
    pending.set(id, msg);
    if (button) button.classList.add("busy");
    if (!send(msg)) toast("Not connected: the change is sent as soon as the phone is back.");
  }

  function answered(msg) {
    pending.delete(msg.id);
    document.querySelectorAll(".busy").forEach((b) => b.classList.remove("busy"));
    if (!msg.ok) toast("Not done: " + msg.reason, msg.rule);
  }

  let toastTimer = null;
  function toast(reason, rule) {
    const el = $("toast");
    el.textContent = reason;
    if (rule) {
      const r = document.createElement("span");
      r.className = "rule";
      r.textContent = "Rule " + rule;
      el.appendChild(r);
    }
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 6000);
  }
  $("toast").addEventListener("click", () => { $("toast").hidden = true; });

  // -- this phone's name and figures -----------------------------------------------------------------------
  const nameInput = $("name");
  nameInput.value = name;
  $("me-name").textContent = name || "no name yet";
  nameInput.addEventListener("change", () => {
    name = nameInput.value.trim().slice(0, 40);
    store.set("starwright.name", name);
    $("me-name").textContent = name || "no name yet";
    send({ type: "name", name: name });
  });

  function mayChange(key) { return controls.has(key) || controls.has("*"); }

  function mineKey() { return "starwright.mine." + (state ? state.kind + "." + state.title : ""); }
  function mine() { return new Set(store.get(mineKey(), [])); }
  function toggleMine(key) {
    const m = mine();
    if (m.has(key)) m.delete(key); else m.add(key);
    store.set(mineKey(), Array.from(m));
    draw();
  }

  // -- drawing ---------------------------------------------------------------------------------------------
  function showState(s) {
    state = s;
    document.title = s.title + " · Starwright";
    $("title").textContent = s.title;
    draw();
  }

  function applyDiff(msg) {
    if (!state) return;
    const changed = new Map(msg.groups.map((g) => [g.key, g]));
    state.groups = state.groups.map((g) => changed.get(g.key) || g);
    state.revision = msg.revision;
    state.problems = msg.problems;
    draw();
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function draw() {
    if (!state) return;
    const over = state.game_over;
    $("over").hidden = !over;
    $("problems").hidden = !state.problems.length;
    $("problems").textContent = state.problems.join("\n");
    $("empty").hidden = state.groups.length > 0;
    const m = mine();
    const order = state.groups.filter((g) => m.has(g.key)).concat(state.groups.filter((g) => !m.has(g.key)));
    const main = $("groups");
    const focused = document.activeElement && document.activeElement.dataset.focus;
    main.replaceChildren(...order.map((g) => card(g, m.has(g.key), mayChange(g.key) && !over)));
    if (state.groups.length && state.groups.every((g) => mayChange(g.key)) && !over) {
      const b = el("button", "newgame", "New game");
      b.type = "button";
      b.dataset.focus = "newgame";
      b.addEventListener("click", () => { if (confirm("Start a new game? Every figure back at full strength.")) operate({ op: "new_game" }, b); });
      main.appendChild(b);
    }
    if (focused) { const f = main.querySelector('[data-focus="' + CSS.escape(focused) + '"]'); if (f) f.focus(); }
  }

  function card(g, isMine, mayChange) {
    const c = el("section", "card" + (isMine ? " mine" : ""));
    c.id = "group-" + g.key;
    c.setAttribute("aria-label", g.title);
    const head = el("div", "head");
    head.appendChild(el("h2", "", g.title));
    if (mayChange) head.appendChild(el("span", "badge control", "yours to change"));
    const star = el("button", "star", isMine ? "★" : "☆");
    star.type = "button";
    star.setAttribute("aria-pressed", String(isMine));
    star.setAttribute("aria-label", (isMine ? "Remove from" : "Add to") + " my figures: " + g.title);
    star.dataset.focus = "star-" + g.key;
    star.addEventListener("click", () => toggleMine(g.key));
    head.appendChild(star);
    c.appendChild(head);
    if (g.status) c.appendChild(el("p", "status", g.status));
    if (g.facts.length) c.appendChild(el("p", "facts", g.facts.map((f) => f[0] + " " + f[1]).join("   ")));
    for (const t of g.tracks) c.appendChild(track(g, t, mayChange));
    if (g.powers.length) {
      const box = el("div", "powers");
      box.appendChild(el("p", "", "Powers (F: the Fatigue each takes off Health). Tap when used."));
      for (const p of g.powers) {
        const b = el("button", "power" + (p.usable ? "" : " limit"), p.name + " (F" + p.fatigue + ")" + (p.uses ? "  ×" + p.uses : ""));
        b.type = "button";
        b.disabled = !mayChange;
        b.title = p.why || "Used " + p.name + ": its Fatigue comes off Health (SG-PLAY-13).";
        b.dataset.focus = "power-" + g.key + "-" + p.name;
        b.addEventListener("click", () => operate({ op: "use_power", group: g.key, power: p.name }, b));
        box.appendChild(b);
      }
      c.appendChild(box);
    }
    return c;
  }

  function track(g, t, mayChange) {
    const row = el("div", "track" + (t.maximum !== null && t.shown <= 0 && t.kind !== "counter" ? " zero" : ""));
    const nameBox = el("div", "name");
    nameBox.appendChild(el("b", "", t.label));
    nameBox.appendChild(el("span", "rule", t.rule));
    row.appendChild(nameBox);
    const stepper = el("div", "stepper");
    const minus = stepButton(t, -1, mayChange);
    const out = el("output", "", String(t.shown));
    out.setAttribute("aria-label", t.label + " " + t.shown + (t.maximum !== null ? " of " + t.maximum : ""));
    if (t.maximum !== null) out.appendChild(el("small", "", "/" + t.maximum));
    stepper.append(minus, out, stepButton(t, 1, mayChange));
    row.appendChild(stepper);
    row.appendChild(el("p", "tip", t.tip));
    nameBox.addEventListener("click", () => row.classList.toggle("open"));   // the rule in words, on a tap
    return row;
  }

  function stepButton(t, delta, mayChange) {
    const b = el("button", "step" + ((delta < 0 ? t.down : t.up) ? "" : " limit"), delta < 0 ? "−" : "+");
    b.type = "button";
    b.disabled = !mayChange;
    b.setAttribute("aria-label", (delta < 0 ? "One less " : "One more ") + t.label);
    b.dataset.focus = t.pointer + (delta < 0 ? "-" : "+");
    b.addEventListener("click", () => operate({ op: "step", pointer: t.pointer, delta: delta }, b));
    return b;
  }

  connect();
})();
