// One client part of the server load benchmark (benchmarks.server), in Node.
//
// It plays exactly like the Python client part (`table_loop` and `seat_client` in
// bench.py) but costs far less CPU per message, so more of the machine is left to the
// servers being measured. Node built-ins only: node:http for the table set-up and a small
// WebSocket client on node:net (Node's own fetch and WebSocket cost several times more
// CPU per request and per message).
//
// Usage: node server_client.mjs '<JSON>' where the JSON holds
//   bases       the servers' base URLs (http://127.0.0.1:PORT), in order
//   part, parts this part plays tables part, part + parts, part + 2 * parts, ...
//   tables, humans, bots, bot, game, think, spread   as the bench's options
//   now         the parent's time.monotonic() when it started this process
//   stop_in     seconds from `now` until time is up
//   measure_in  seconds from `now` until latencies count (the warm-up)
//   debug       (optional) report failed table loops on stderr
// It prints one JSON line: {ack_ms, state_ms, actions, games, errors, tables}.

import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";

const config = JSON.parse(process.argv[2]);
for (const base of config.bases) {
  if (!base.startsWith("http://127.0.0.1:")) {
    console.error("the benchmark's clients connect to loopback only");
    process.exit(2);
  }
}

// The parent's times are time.monotonic() seconds; on Linux that is the clock of
// process.hrtime too, so the time Node took to start is taken off. Elsewhere (or if the
// clocks disagree) the durations count from now.
let lag = Number(process.hrtime.bigint()) / 1e9 - config.now;
if (!(lag >= 0 && lag < 10)) lag = 0;
const startedMs = performance.now();
const stopAt = startedMs + (config.stop_in - lag) * 1000;
const measureFrom = startedMs + (config.measure_in - lag) * 1000;

/** What this part measured. */
const tally = { ack_ms: [], state_ms: [], actions: 0, games: 0, errors: 0, tables: 0 };

/** A small seeded random generator (mulberry32): numbers in [0, 1). */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const agent = new http.Agent({ keepAlive: true });

/** POST to a server; the answer's JSON (null for an empty body). */
function post(base, path, body, token) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? "" : JSON.stringify(body);
    const headers = { "content-length": Buffer.byteLength(data) };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const request = http.request(base + path, { method: "POST", headers, agent, timeout: 30000 },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (piece) => { text += piece; });
        response.on("end", () => {
          try {
            resolve(text ? JSON.parse(text) : null);
          } catch (error) {
            reject(error);
          }
        });
        response.on("error", reject);
      });
    request.on("timeout", () => request.destroy(new Error(`${path}: no answer in 30 s`)));
    request.on("error", reject);
    request.end(data);
  });
}

// -- a minimal WebSocket client (RFC 6455) ----------------------------------------------

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
let maskPool = Buffer.alloc(0);
let maskAt = 0;

/** Four random bytes for a frame's mask, from a pool refilled now and then. */
function maskKey() {
  if (maskAt + 4 > maskPool.length) {
    maskPool = crypto.randomBytes(4096);
    maskAt = 0;
  }
  maskAt += 4;
  return maskPool.subarray(maskAt - 4, maskAt);
}

/** One masked client frame (RFC 6455, section 5.2). */
function clientFrame(opcode, payload) {
  const length = payload.length;
  const head = length < 126 ? 6 : length < 65536 ? 8 : 14;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) {
    frame[1] = 0x80 | length;
  } else if (length < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = maskKey();
  mask.copy(frame, head - 4);
  for (let i = 0; i < length; i++) frame[head + i] = payload[i] ^ mask[i & 3];
  return frame;
}

/**
 * A WebSocket client for plain ws:// URLs: text messages, no extensions (the server then
 * sends no compressed frames), pings answered. Calls onOpen(), onMessage(text) and, once,
 * onClose().
 */
class MiniSocket {
  constructor(url, { onOpen, onMessage, onClose }) {
    const { hostname, port, pathname, search } = new URL(url);
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onClose = onClose;
    this.open = false; // handshake done, no close frame sent or received
    this.closed = false; // the connection is gone
    this.parts = null; // a fragmented message's pieces so far
    this.buffer = null; // bytes not parsed yet
    const key = crypto.randomBytes(16).toString("base64");
    this.accept = crypto.createHash("sha1").update(key + GUID).digest("base64");
    this.socket = net.connect({ host: hostname, port: Number(port) });
    this.socket.setNoDelay(true); // each message goes out at once
    this.socket.on("connect", () => this.socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`
      + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
      + `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`));
    this.socket.on("data", (chunk) => this.received(chunk));
    this.socket.on("error", () => this.gone());
    this.socket.on("close", () => this.gone());
  }

  /** Send one text message (dropped once the socket is closing). */
  send(text) {
    if (this.open) this.socket.write(clientFrame(1, Buffer.from(text)));
  }

  /** Start the closing handshake (code 1000); the server then ends the connection. */
  close() {
    if (this.open) {
      this.open = false;
      this.socket.end(clientFrame(8, Buffer.from([0x03, 0xe8])));
    } else if (!this.closed) {
      this.gone();
    }
  }

  /** The connection is over (closed, failed or given up). */
  gone() {
    this.open = false;
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.onClose();
  }

  /** Bytes from the server: the handshake's answer, then frames. */
  received(chunk) {
    let data = this.buffer === null ? chunk : Buffer.concat([this.buffer, chunk]);
    this.buffer = null;
    if (this.accept !== null) { // still in the handshake
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) {
        this.buffer = data;
        return;
      }
      const head = data.toString("latin1", 0, end);
      if (!/^HTTP\/1\.1 101 /.test(head) || !head.includes(this.accept)) {
        this.gone();
        return;
      }
      this.accept = null;
      this.open = true;
      data = data.subarray(end + 4);
      this.onOpen();
    }
    let at = 0;
    while (data.length - at >= 2 && !this.closed) {
      const first = data[at];
      let length = data[at + 1] & 0x7f;
      let head = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        head = 10;
      }
      if (data[at + 1] & 0x80) { // a server never masks its frames
        this.gone();
        return;
      }
      if (data.length - at < head + length) break;
      this.frame(first, data.subarray(at + head, at + head + length));
      at += head + length;
    }
    if (at < data.length && !this.closed) this.buffer = data.subarray(at);
  }

  /** One whole frame from the server. */
  frame(first, payload) {
    const opcode = first & 0x0f;
    const fin = (first & 0x80) !== 0;
    if (opcode <= 2) { // text, binary or a continuation
      if (!fin) {
        (this.parts ??= []).push(Buffer.from(payload));
        return;
      }
      if (this.parts !== null) {
        this.parts.push(payload);
        payload = Buffer.concat(this.parts);
        this.parts = null;
      }
      if (this.open) this.onMessage(payload.toString("utf8"));
    } else if (opcode === 8) { // the server closes: answer, then the connection ends
      if (this.open) {
        this.open = false;
        this.socket.end(clientFrame(8, payload.subarray(0, 2)));
      }
    } else if (opcode === 9 && this.open) { // ping
      this.socket.write(clientFrame(10, payload));
    }
  }
}

// -- the players --------------------------------------------------------------------------

/**
 * Play one seat until the game ends or time is up, timing every own action.
 * Messages are handled one at a time in order, as the Python client does: while it
 * thinks (or waits after "rate-limited"), later messages wait.
 */
function seatClient(url, token, seed, countsEvents, think) {
  return new Promise((resolve) => {
    const random = seeded(seed);
    const sentAt = new Map();
    let pending = null;
    let lastSeq = -1;
    let counter = 0;
    let done = false;
    let busy = false;
    const queue = [];

    function finish() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queue.length = 0;
      ws.close();
      resolve();
    }

    function send(message) {
      if (!done) ws.send(JSON.stringify(message));
    }

    /** Handle one message; a promise if it has to wait (think, rate limit), else nothing. */
    function handle(raw) {
      const message = JSON.parse(raw);
      const kind = message.type;
      const now = performance.now();
      if (kind === "ack") {
        const started = sentAt.get(message.id);
        if (started !== undefined && started >= measureFrom) tally.ack_ms.push(now - started);
      } else if (kind === "event") {
        if (message.kind === "action" && countsEvents && !message.replay) tally.actions += 1;
      } else if (kind === "error") {
        tally.errors += 1;
        if (message.code === "rate-limited") {
          lastSeq = -1; // ask again with the next state
          return sleep(100).then(() => send({ type: "sync" }));
        }
      } else if (kind === "game_over") {
        if (countsEvents) tally.games += 1;
        finish();
      } else if (kind === "state") {
        // the same test as the Python client's (pending is the action's id)
        if (pending !== null && message.seq > pending - 1 && sentAt.get(pending) >= measureFrom) {
          tally.state_ms.push(now - sentAt.get(pending));
          pending = null;
        }
        if (message.legal && message.legal.length && message.status === "playing"
            && message.seq !== lastSeq) {
          lastSeq = message.seq;
          counter += 1;
          const id = counter;
          const action = message.legal[Math.floor(random() * message.legal.length)].action;
          const go = () => {
            sentAt.set(id, performance.now());
            pending = id;
            send({ type: "action", action, id });
          };
          if (think) return sleep(think * (0.5 + random()) * 1000).then(go); // a person looks first
          go();
        }
      }
      return undefined;
    }

    function drain() {
      while (queue.length && !busy && !done) {
        const waiting = handle(queue.shift());
        if (waiting) {
          busy = true;
          waiting.then(() => {
            busy = false;
            drain();
          });
        }
      }
    }

    const ws = new MiniSocket(url, {
      onOpen: () => send({ type: "hello", token }),
      onMessage: (text) => {
        if (done) return;
        queue.push(text);
        drain();
      },
      onClose: finish,
    });
    const timer = setTimeout(finish, Math.max(10, stopAt - performance.now()));
  });
}

/**
 * Keep one table busy: create it, seat humans and bots, play, repeat until time is up.
 * The table is created on server `index % N`; its seats connect there too, or with
 * spread "seat" each to the next server in turn.
 */
async function tableLoop(index) {
  const { bases } = config;
  const base = bases[index % bases.length];
  let gameIndex = 0;
  while (performance.now() < stopAt) {
    const created = await post(base, "/api/tables", {
      game: config.game, seats: config.humans + config.bots, name: `H${index}`,
      bots: Array(config.bots).fill(config.bot),
    });
    const tableId = created.table_id;
    const tokens = [created.token];
    for (let extra = 1; extra < config.humans; extra++) {
      const joined = await post(base, `/api/tables/${tableId}/join`,
        { invite: created.invite, name: `H${index}-${extra}` });
      tokens.push(joined.token);
      await post(base, `/api/tables/${tableId}/ready`, { ready: true }, joined.token);
    }
    tally.tables += 1;
    const seats = tokens.map((token, n) => {
      const where = bases[(index + (config.spread === "seat" ? n : 0)) % bases.length];
      const url = `${where.replace("http://", "ws://")}/ws/tables/${tableId}`;
      return seatClient(url, token, index * 1000 + gameIndex * 10 + n, n === 0, config.think);
    });
    await sleep(50); // let the clients say hello
    await post(base, `/api/tables/${tableId}/start`, undefined, tokens[0]);
    await Promise.allSettled(seats);
    gameIndex += 1;
  }
}

const loops = [];
for (let index = config.part; index < config.tables; index += config.parts) {
  loops.push(tableLoop(index));
}
const outcomes = await Promise.allSettled(loops);
if (config.debug) {
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") console.error("a table loop failed:", outcome.reason);
  }
}
agent.destroy();
// Every socket is closed or closing; should a handle linger, do not wait for it.
process.stdout.write(`${JSON.stringify(tally)}\n`, () => process.exit(0));
