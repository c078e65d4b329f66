import { constants, deflateRawSync } from 'node:zlib';

/**
 * One message as the bytes every socket is written: an unmasked, final text frame (RFC 6455 §5.2),
 * built once for all sockets, and its permessage-deflate form (RFC 7692) for sockets that agreed
 * to it, built once as well, when the first such socket needs it. Sockets agree to
 * server_no_context_takeover, so each message is compressed on its own and the same bytes suit
 * every one of them.
 */
export class LiveFrame {
  private deflatedFrame: Buffer | null = null;
  readonly plain: Buffer;

  constructor(private readonly text: string) {
    this.plain = frame(Buffer.from(text), false);
  }

  deflated(): Buffer {
    this.deflatedFrame ??= frame(deflatePayload(Buffer.from(this.text)), true);
    return this.deflatedFrame;
  }

  for(deflate: boolean): Buffer {
    return deflate ? this.deflated() : this.plain;
  }
}

/** The payload compressed on its own, with the 4-byte tail of the sync flush left off (RFC 7692 §7.2.1). */
function deflatePayload(payload: Buffer): Buffer {
  const out = deflateRawSync(payload, { finishFlush: constants.Z_SYNC_FLUSH });
  return out.subarray(0, out.length - 4);
}

function frame(payload: Buffer, compressed: boolean): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLength + length);
  out[0] = compressed ? 0xc1 : 0x81; // FIN + text (+ RSV1: compressed)
  if (length < 126) {
    out[1] = length;
  } else if (length < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(out, headerLength);
  return out;
}
