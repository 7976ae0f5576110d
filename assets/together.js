// The link between pages that play together: one WebRTC data channel per peer, signalled
// by hand (the page carries each offer and answer as a code; py/cardtable/web/together/
// signal.py packs an SDP into one and rebuilds it). A classic script: it defines
// window.cardtablePeers before Python starts, and contacts nothing but the ICE servers the
// caller passes (none: only local addresses are gathered).
//
//   offer(peer, iceServers, gatherMs)            -> Promise<string>  the local offer's SDP
//   answer(peer, offerSdp, iceServers, gatherMs) -> Promise<string>  the local answer's SDP
//   accept(peer, answerSdp)                      -> Promise<void>    the offerer applies it
//   send(peer, text)                             -> boolean          false unless open
//   close(peer)                                  closes the connection and forgets it
//   listen(onMessage, onState)                   onMessage(peer, text), onState(peer, state)
//
// `peer` is any string the caller chooses. offer and answer replace (close) the peer's
// connection, if any, and resolve once ICE gathering completes or after gatherMs, whichever
// comes first: a STUN server that never answers would hold gathering for tens of seconds.
// A promise rejects with an Error whose message is a few words: "bad offer" (the connection
// is then closed), "bad answer" (the offer still waits), "unknown peer", "replaced" (offer or
// answer was called again for the peer meanwhile), "closed", "no WebRTC" (offer and answer,
// in a browser without RTCPeerConnection).
// States, each reported once in a row per connection: "connecting", "open" (the channel
// carries messages; again when ICE finds a lost peer back), "disconnected" (ICE lost the
// peer, who may come back), "failed", "closed". Nothing is reported for a connection after close(peer) or its replacement.
(() => {
  const peers = new Map(); // peer id -> {pc, channel, state}
  let messageListener = () => {};
  let stateListener = () => {};

  /** Plain objects for RTCPeerConnection: Pyodide's to_js turns a dict into a Map. */
  const servers = (list) => Array.from(list || [], (server) =>
    server instanceof Map ? Object.fromEntries(server) : server);

  /** Tell the listener of `entry`'s new state, unless it is forgotten or unchanged. */
  const report = (peer, entry, state) => {
    if (peers.get(peer) !== entry || entry.state === state) return;
    entry.state = state;
    stateListener(peer, state);
  };

  /** A fresh connection for `peer` (its old one closed), with its one channel. */
  const connect = (peer, iceServers) => {
    if (typeof RTCPeerConnection !== "function") throw new Error("no WebRTC");
    close(peer);
    const pc = new RTCPeerConnection({ iceServers: servers(iceServers) });
    const channel = pc.createDataChannel("cardtable", { negotiated: true, id: 0, ordered: true });
    const entry = { pc, channel, state: null };
    peers.set(peer, entry);
    channel.onopen = () => report(peer, entry, "open");
    channel.onclose = () => report(peer, entry, "closed");
    channel.onmessage = (event) => {
      if (peers.get(peer) === entry && typeof event.data === "string") {
        messageListener(peer, event.data);
      }
    };
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState;
      if (["connecting", "disconnected", "failed", "closed"].includes(state)) {
        report(peer, entry, state);
      } else if (state === "connected" && channel.readyState === "open") {
        report(peer, entry, "open"); // back after "disconnected"
      }
    };
    return entry;
  };

  /** Resolve with the local SDP once gathering is complete or `gatherMs` have passed. */
  const gathered = (peer, entry, gatherMs) => new Promise((resolve, reject) => {
    const { pc } = entry;
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      if (peers.get(peer) !== entry) reject(new Error("replaced"));
      else resolve(pc.localDescription.sdp);
    };
    const check = () => pc.iceGatheringState === "complete" && finish();
    const timer = setTimeout(finish, Math.max(0, Number(gatherMs) || 0));
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });

  /** Run `steps` on `peer`'s new `entry`; on an error, close that connection and reject
   * with `message` ("replaced" if another connection took the peer meanwhile). */
  const guarded = async (peer, entry, message, steps) => {
    try {
      return await steps();
    } catch {
      if (peers.get(peer) !== entry) throw new Error("replaced");
      close(peer);
      throw new Error(message);
    }
  };

  const offer = async (peer, iceServers, gatherMs) => {
    const id = String(peer);
    const entry = connect(id, iceServers);
    const { pc } = entry;
    await guarded(id, entry, "closed", async () => pc.setLocalDescription(await pc.createOffer()));
    return gathered(id, entry, gatherMs);
  };

  const answer = async (peer, offerSdp, iceServers, gatherMs) => {
    const id = String(peer);
    const entry = connect(id, iceServers);
    const { pc } = entry;
    await guarded(id, entry, "bad offer", () =>
      pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) }));
    await guarded(id, entry, "closed", async () => pc.setLocalDescription(await pc.createAnswer()));
    return gathered(id, entry, gatherMs);
  };

  /** A failed accept leaves the offer waiting: a corrected answer may follow. */
  const accept = async (peer, answerSdp) => {
    const entry = peers.get(String(peer));
    if (!entry) throw new Error("unknown peer");
    try {
      await entry.pc.setRemoteDescription({ type: "answer", sdp: String(answerSdp) });
    } catch {
      throw new Error("bad answer");
    }
  };

  const send = (peer, text) => {
    const entry = peers.get(String(peer));
    if (!entry || entry.channel.readyState !== "open") return false;
    try {
      entry.channel.send(String(text));
      return true;
    } catch {
      return false; // too big for the peer, or closing meanwhile
    }
  };

  function close(peer) {
    const entry = peers.get(String(peer));
    if (!entry) return;
    peers.delete(String(peer));
    entry.channel.close();
    // The channel sends what it holds (a last "bye") before it closes; the connection is
    // torn down a moment later, which would drop it at once.
    setTimeout(() => entry.pc.close(), 500);
  }

  const listen = (onMessage, onState) => {
    messageListener = onMessage;
    stateListener = onState;
  };

  window.cardtablePeers = Object.freeze({ offer, answer, accept, send, close, listen });
})();
