// One client part of the server load benchmark (saustall.server.bench), in Node.
//
// It plays exactly like the Python client part (`table_loop` and `seat_client` in
// bench.py) but costs far less CPU per message, so more of the machine is left to the
// servers being measured. Node built-ins only (global fetch; WebSocket needs
// --experimental-websocket on Node 20).
//
// Usage: node --experimental-websocket bench_client.mjs '<JSON>' where the JSON holds
//   bases       the servers' base URLs (http://127.0.0.1:PORT), in order
//   part, parts this part plays tables part, part + parts, part + 2 * parts, ...
//   tables, humans, bots, bot, game, think, spread   as the bench's options
//   now         the parent's time.monotonic() when it started this process
//   stop_in     seconds from `now` until time is up
//   measure_in  seconds from `now` until latencies count (the warm-up)
// It prints one JSON line: {ack_ms, state_ms, actions, games, errors, tables}.

if (typeof WebSocket !== "function") {
  console.error("bench_client.mjs needs a global WebSocket: run node with --experimental-websocket");
  process.exit(2);
}

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

/** POST to a server; the answer's JSON (null for an empty body). */
async function post(base, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(base + path, {
    method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  });
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

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
    const ws = new WebSocket(url);
    const timer = setTimeout(finish, Math.max(10, stopAt - performance.now()));

    function finish() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queue.length = 0;
      try {
        ws.close();
      } catch {
        // already closed
      }
      resolve();
    }

    function send(message) {
      if (!done && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
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

    ws.onopen = () => send({ type: "hello", token });
    ws.onmessage = (event) => {
      if (done) return;
      queue.push(event.data);
      drain();
    };
    ws.onerror = finish;
    ws.onclose = finish;
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
// Nothing should be left open; should a handle linger, do not wait for it.
process.stdout.write(JSON.stringify(tally) + "\n", () => process.exit(0));
