// Relays for playing together across the internet: the pages of one table meet in a room on
// public MQTT brokers (over WebSockets) and pass each other short messages there, the
// WebRTC offers and answers, encrypted so that the brokers read nothing but that some pages
// met. A classic script: it defines window.cardtableRelay; the MQTT client
// (vendor/mqtt.esm.js, npm's mqtt) is imported only when a room first opens.
//
//   open(room, secret, urls, onMessage, onState)  joins `room` on every broker of `urls`
//   send(room, text)   -> number   the brokers `text` went to (those connected now)
//   close(room)                    leaves the room on every broker
//
// `secret` (the random text a link carries in its fragment, which browsers never send to
// a server) gives, through HKDF-SHA-256, the room's topic and its AES-GCM key: a broker
// sees the topic, never the secret. On the wire a message is the IV (12 bytes) and the
// ciphertext of {id, at, text}. A message that is larger than MAX_BYTES, does not decrypt,
// is not such an object, was seen before (its id), is this page's own, or is more than
// MAX_AGE_MS from this page's clock is dropped without a word: a broker may send anything.
// onMessage(room, text) hears each message once, however many brokers carried it;
// onState(room, {live, dead, of}) hears how many brokers are connected, how many have
// failed or did not connect within CONNECT_MS, and how many were named.
(() => {
  // Relative to the page, as qr.js's library is (the site may be served under a path). Not
  // to document.currentScript: Chromium once ran this script with a currentScript that had
  // no src (the suite saw "Invalid base URL" thrown here, one page in thousands).
  const MQTT_PATH = "vendor/mqtt.esm.js";
  const MAX_BYTES = 4096;
  const MAX_AGE_MS = 10 * 60 * 1000;
  const CONNECT_MS = 4000;
  const SEEN = 500; // ids kept to recognise a message carried twice
  const rooms = new Map(); // room -> {clients, key, topic, seen, mine, ...}
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let mqtt = null;

  const randomHex = (bytes) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)),
    (byte) => byte.toString(16).padStart(2, "0")).join("");

  /** The room's topic and AES-GCM key, both from `secret` by HKDF-SHA-256. */
  async function derive(secret) {
    const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF",
      false, ["deriveBits", "deriveKey"]);
    const hkdf = (info) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0),
      info: encoder.encode(info) });
    const bits = await crypto.subtle.deriveBits(hkdf("cardtable relay topic v1"), material, 128);
    const topic = "cardtable/v1/" + Array.from(new Uint8Array(bits),
      (byte) => byte.toString(16).padStart(2, "0")).join("");
    const key = await crypto.subtle.deriveKey(hkdf("cardtable relay key v1"), material,
      { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    return { topic, key };
  }

  async function seal(key, object) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key,
      encoder.encode(JSON.stringify(object)));
    const wire = new Uint8Array(12 + sealed.byteLength);
    wire.set(iv);
    wire.set(new Uint8Array(sealed), 12);
    return wire;
  }

  /** The {id, at, text} a payload carries, or null when it is to be dropped. */
  async function unseal(entry, payload) {
    if (!payload || payload.length <= 12 || payload.length > MAX_BYTES) return null;
    let object;
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: payload.slice(0, 12) },
        entry.key, payload.slice(12));
      object = JSON.parse(decoder.decode(plain));
    } catch (error) {
      return null;
    }
    const fresh = object && typeof object.id === "string" && typeof object.text === "string"
      && typeof object.at === "number" && Math.abs(Date.now() - object.at) <= MAX_AGE_MS;
    if (!fresh || entry.seen.has(object.id) || entry.mine.has(object.id)) return null;
    entry.seen.add(object.id);
    if (entry.seen.size > SEEN) entry.seen.delete(entry.seen.values().next().value);
    return object;
  }

  function report(room, entry) {
    if (rooms.get(room) !== entry) return;
    const states = entry.clients.map((client) => client.state);
    entry.onState(room, { live: states.filter((s) => s === "live").length,
      dead: states.filter((s) => s === "dead").length, of: states.length });
  }

  /** One broker's client for the room; its `state`: "connecting", "live" or "dead". */
  function connect(room, entry, url) {
    const client = { state: "connecting", mqtt: null };
    const dead = () => {
      if (client.state !== "dead") {
        client.state = "dead";
        report(room, entry);
      }
    };
    const timer = setTimeout(() => client.state === "connecting" && dead(), CONNECT_MS);
    try {
      // timerVariant "native": mqtt.js's default keeps its timers in a worker made from a
      // blob: URL, which the page's Content-Security-Policy (worker-src 'self') refuses.
      client.mqtt = mqtt.connect(url, { clientId: "cardtable-" + randomHex(8), clean: true,
        connectTimeout: CONNECT_MS, reconnectPeriod: 5000, timerVariant: "native",
        keepalive: 30 });
    } catch (error) {
      clearTimeout(timer);
      dead();
      return client;
    }
    client.mqtt.on("connect", () => {
      client.mqtt.subscribe(entry.topic, { qos: 0 }, (error) => {
        if (error) return;
        clearTimeout(timer);
        client.state = "live";
        report(room, entry);
      });
    });
    client.mqtt.on("close", dead);
    client.mqtt.on("error", dead);
    client.mqtt.on("message", async (topic, payload) => {
      if (topic !== entry.topic || rooms.get(room) !== entry) return;
      const object = await unseal(entry, payload);
      if (object) entry.onMessage(room, object.text);
    });
    return client;
  }

  async function open(room, secret, urls, onMessage, onState) {
    close(room);
    if (!mqtt) mqtt = (await import(new URL(MQTT_PATH, document.baseURI).href)).default;
    const { topic, key } = await derive(String(secret));
    const entry = { topic, key, seen: new Set(), mine: new Set(), clients: [],
      onMessage, onState };
    rooms.set(room, entry);
    entry.clients = Array.from(urls, (url) => connect(room, entry, String(url)));
    report(room, entry);
  }

  async function send(room, text) {
    const entry = rooms.get(room);
    if (!entry) return 0;
    const id = randomHex(12);
    entry.mine.add(id);
    if (entry.mine.size > SEEN) entry.mine.delete(entry.mine.values().next().value);
    const wire = await seal(entry.key, { id, at: Date.now(), text: String(text) });
    const live = entry.clients.filter((client) => client.state === "live");
    live.forEach((client) => client.mqtt.publish(entry.topic, wire, { qos: 0 }));
    return live.length;
  }

  function close(room) {
    const entry = rooms.get(room);
    if (!entry) return;
    rooms.delete(room);
    entry.clients.forEach((client) => client.mqtt && client.mqtt.end(true));
  }

  window.cardtableRelay = { open, send, close };
})();
