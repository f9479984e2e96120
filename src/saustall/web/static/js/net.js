// Talking to the server: JSON over HTTP and one WebSocket per seat (see docs/protocol.md).

export class ApiError extends Error {
  constructor(status, code, message, rule = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.rule = rule;
  }
}

/** Call the HTTP API; throws ApiError (status 0 and code "unreachable" when offline). */
export async function api(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "unreachable", String(err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(response.status, e.code || "http-" + response.status, e.message || response.statusText, e.rule || null);
  }
  return data;
}

// --- seat tokens kept on this device, per table -------------------------------------------
const STORE = "saustall.table.";

export function loadSeats(tableId) {
  try {
    return JSON.parse(localStorage.getItem(STORE + tableId)) || { invite: null, tokens: {} };
  } catch {
    return { invite: null, tokens: {} };
  }
}

export function saveSeats(tableId, data) {
  localStorage.setItem(STORE + tableId, JSON.stringify(data));
}

export function rememberSeat(tableId, seat, token, invite) {
  const data = loadSeats(tableId);
  data.tokens[seat] = token;
  data.at = Date.now(); // when this device last sat down here: "Your games" lists newest first
  if (invite) data.invite = invite;
  saveSeats(tableId, data);
  return data;
}

export function forgetSeat(tableId, seat) {
  const data = loadSeats(tableId);
  delete data.tokens[seat];
  saveSeats(tableId, data);
  return data;
}

/** Forget everything this device keeps about a table. */
export function forgetTable(tableId) {
  localStorage.removeItem(STORE + tableId);
}

/** The tables this device holds seats at, newest first: [{ tableId, invite, tokens, at }]. */
export function heldTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(STORE)) continue;
    const tableId = key.slice(STORE.length);
    const data = loadSeats(tableId);
    if (Object.keys(data.tokens || {}).length) found.push({ tableId, invite: data.invite, tokens: data.tokens, at: data.at || 0 });
  }
  return found.sort((a, b) => b.at - a.at);
}

// --- one WebSocket, reconnecting ------------------------------------------------------------

/**
 * A WebSocket to one table for one seat (token) or as a spectator (invite).
 * Calls `onMessage(msg)` for every server message and `onStatus(status)` with
 * "connecting", "open", "lost" or "closed" (closed: will not reconnect, with a reason).
 */
export class TableSocket {
  constructor(tableId, auth, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.auth = auth;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.retry = 0;
    this.closed = false;
    this.nextId = 1;
    this.timer = null;
    this.open();
  }

  open() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    this.onStatus("connecting");
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", ...this.auth }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "welcome") {
        this.retry = 0;
        this.onStatus("open");
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // 4001 bad token/invite, 4004 no such table, 4009 this seat opened elsewhere: do not retry.
      if (ev.code === 4001 || ev.code === 4004 || ev.code === 4009) {
        this.closed = true;
        this.onStatus("closed", ev.code);
        return;
      }
      this.onStatus("lost");
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  /** Send an action; returns the client id used (echoed in ack/error). */
  act(action) {
    const id = this.nextId++;
    this.send({ type: "action", action, id });
    return id;
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
