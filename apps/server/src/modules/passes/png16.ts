import zlib from 'node:zlib';

/**
 * A 16-bit PNG (grey or RGB) of raw values, written by hand: sharp turns raw 16-bit RGB into
 * 8 bits on the way to PNG, and a pass must keep every bit it was sent with.
 */
export function encodePng16(width: number, height: number, channels: 1 | 3, values: Uint16Array): Buffer {
  const rowBytes = width * channels * 2;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0, p = 0, i = 0; y < height; y++) {
    raw[p++] = 0; // filter: none
    for (let x = 0; x < width * channels; x++, p += 2) raw.writeUInt16BE(values[i++], p);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 16;
  ihdr[9] = channels === 1 ? 0 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
