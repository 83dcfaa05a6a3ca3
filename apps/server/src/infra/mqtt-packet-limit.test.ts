import { describe, expect, it } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { MqttPacketLimit } from './mqtt-packet-limit.ts';

/** Pushes buffers through the limit, in pieces of `piece` bytes; resolves with the error, if any. */
async function run(buffers: Buffer[], max: number, piece = 7): Promise<{ err: Error | null; out: Buffer }> {
  const s = new MqttPacketLimit(max);
  const parts: Buffer[] = [];
  s.on('data', (d: Buffer) => parts.push(d));
  const all = Buffer.concat(buffers);
  let err: Error | null = null;
  s.on('error', (e) => (err = e));
  for (let i = 0; i < all.length && !err; i += piece) s.write(all.subarray(i, i + piece));
  await new Promise((r) => setImmediate(r));
  return { err, out: Buffer.concat(parts) };
}

const publish = (bytes: number) =>
  mqttPacket.generate({
    cmd: 'publish',
    topic: 'prod/device/x',
    payload: Buffer.alloc(bytes),
    qos: 0,
    dup: false,
    retain: false,
  });

describe('MqttPacketLimit', () => {
  it('passes packets under the limit unchanged, split anywhere', async () => {
    const packets = [mqttPacket.generate({ cmd: 'pingreq' }), publish(20480), publish(0), publish(200)];
    for (const piece of [1, 3, 7, 4096]) {
      const r = await run(packets, 64 * 1024, piece);
      expect(r.err).toBeNull();
      expect(r.out.equals(Buffer.concat(packets))).toBe(true);
    }
  });

  it('fails on the header of a packet over the limit, before its body arrives', async () => {
    const big = publish(300_000);
    const r = await run([publish(10), big.subarray(0, 16)], 64 * 1024);
    expect(r.err?.message).toMatch(/exceeds/);
  });

  it('fails on a remaining length of more than four bytes', async () => {
    const r = await run([Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01])], 1 << 30);
    expect(r.err?.message).toMatch(/malformed/);
  });
});
