// Sound effects: short cues for your turn and a played card, and the cues a game's renderer
// adds for its own events (registerCue).
//
// Off until the player turns them on (the choice is kept in localStorage). The cues are
// made on the spot with the Web Audio API (tones and noise under short envelopes): the app
// ships no audio files. Every cue the page plays is also announced as a
// "saustall:sound" event on window (detail: { cue }), so that what the page asks to play can
// be observed, e.g. by a browser test, without hearing it.

const KEY = "saustall.sound";

let audio = null;
const listeners = [];

/** True if the player turned sound effects on. */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/** Turn sound effects on or off and remember the choice. */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) context(); // made inside the click that turned it on: browsers allow sound then
  for (const fn of listeners) fn(on);
}

/** Call `fn(on)` whenever sound is turned on or off. */
export function onSoundChange(fn) {
  listeners.push(fn);
}

function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      audio = new Ctx();
    } catch {
      return null;
    }
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** A tone of `freq` Hz (sliding to `to` Hz) starting `at` seconds from now. */
export function tone(ac, { freq, to = freq, at = 0, length = 0.15, type = "sine", volume = 0.2 }) {
  const start = ac.currentTime + at;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A burst of filtered noise (a card's swish, a splash of mud). */
export function noise(ac, { at = 0, length = 0.12, filter = 2000, q = 1, volume = 0.25, kind = "bandpass" }) {
  const start = ac.currentTime + at;
  const frames = Math.ceil(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const band = ac.createBiquadFilter();
  band.type = kind;
  band.frequency.value = filter;
  band.Q.value = q;
  const gain = ac.createGain();
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  src.connect(band).connect(gain).connect(ac.destination);
  src.start(start);
}

const SYNTHS = {
  // Two rising notes: your move.
  turn: (ac) => {
    tone(ac, { freq: 660, length: 0.12 });
    tone(ac, { freq: 880, at: 0.11, length: 0.18 });
  },
  // A short swish of a card on the table.
  card: (ac) => noise(ac, { length: 0.09, filter: 3200, q: 0.8, volume: 0.2 }),
};

/** Add the cue `name`, played by `synth(audioContext)` (made with tone() and noise()): a
 * renderer's cue for its game's own events. The first cue of a name stays. */
export function registerCue(name, synth) {
  if (!Object.hasOwn(SYNTHS, name)) SYNTHS[name] = synth;
}

/** The names of every cue the page can play. */
export function cues() {
  return Object.keys(SYNTHS);
}

/** Play the cue named `cue` if sound is on (unknown names and silent browsers do nothing). */
export function playCue(cue) {
  if (!soundOn() || !Object.hasOwn(SYNTHS, cue)) return;
  window.dispatchEvent(new CustomEvent("saustall:sound", { detail: { cue } }));
  const ac = context();
  if (!ac) return;
  try {
    SYNTHS[cue](ac);
  } catch {
    /* a sound effect is never worth an error */
  }
}
