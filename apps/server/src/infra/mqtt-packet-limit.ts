import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through stream in front of the embedded broker that follows MQTT packet boundaries and
 * fails the connection as soon as one packet announces more than `maxBytes` (MQTT 3.1.1 §2.2.3 and
 * MQTT 5 §2.1.4: fixed header, then the Remaining Length as a variable byte integer of 1–4 bytes).
 * aedes' parser (mqtt-packet) buffers a whole packet before handing it over and has no limit of its
 * own, so without this a client could make the server hold up to 256 MiB per connection.
 * Nothing is copied: chunks are forwarded as they arrive; only the header bytes are inspected.
 */
export class MqttPacketLimit extends Transform {
  /** bytes of the current packet's body still to pass, or -1 while reading a fixed header */
  #remaining = -1;
  /** Remaining Length being decoded */
  #length = 0;
  #multiplier = 1;
  /** header bytes read of the current packet (type byte + length bytes) */
  #headerBytes = 0;

  constructor(readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.#remaining > 0) {
        const take = Math.min(this.#remaining, chunk.length - i);
        this.#remaining -= take;
        i += take;
        if (this.#remaining === 0) this.#remaining = -1;
        continue;
      }
      // fixed header: byte 1 is the packet type and flags, then the Remaining Length
      const b = chunk[i++];
      this.#headerBytes++;
      if (this.#headerBytes === 1) {
        this.#length = 0;
        this.#multiplier = 1;
        continue;
      }
      this.#length += (b & 0x7f) * this.#multiplier;
      this.#multiplier *= 128;
      if (b & 0x80) {
        if (this.#headerBytes >= 5) return cb(new Error('malformed MQTT remaining length'));
        continue;
      }
      if (this.#length > this.maxBytes) return cb(new Error(`MQTT packet of ${this.#length} bytes exceeds ${this.maxBytes}`));
      this.#headerBytes = 0;
      this.#remaining = this.#length === 0 ? -1 : this.#length;
    }
    cb(null, chunk);
  }
}
