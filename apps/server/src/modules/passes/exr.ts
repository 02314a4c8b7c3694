import zlib from 'node:zlib';

/**
 * A small OpenEXR reader in plain TypeScript, enough for the depth and normal passes modelling
 * tools write: single-part scanline files, uncompressed, ZIPS (one line a block) or ZIP (16
 * lines), channels of half, float or uint. Anything else (tiled, deep, multipart, PIZ, RLE,
 * PXR24, B44, DWA) is an `ExrError` saying which, so the route can answer a 400 naming it.
 * The layout follows the OpenEXR file format document ("Technical introduction" and
 * "OpenEXR file layout").
 */

export class ExrError extends Error {}

export interface ExrImage {
  width: number;
  height: number;
  /** Each channel's values, row by row from the top, by channel name ("R", "G", "B", "A", "Y", "Z", ...). */
  channels: Map<string, Float32Array>;
}

const MAGIC = 20000630;
const COMPRESSION_NAMES = ['none', 'RLE', 'ZIPS', 'ZIP', 'PIZ', 'PXR24', 'B44', 'B44A', 'DWAA', 'DWAB'];
/** Bytes per value of each pixel type: 0 uint, 1 half, 2 float. */
const TYPE_SIZE = [4, 2, 4];
const MAX_PIXELS = 50_000_000;

interface Channel {
  name: string;
  type: number;
}

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  need(n: number): void {
    if (this.pos + n > this.buf.length) throw new ExrError('the file ends inside its header');
  }
  string(): string {
    const end = this.buf.indexOf(0, this.pos);
    if (end < 0 || end - this.pos > 255) throw new ExrError('the header has a name without its end');
    const s = this.buf.toString('latin1', this.pos, end);
    this.pos = end + 1;
    return s;
  }
  int32(): number {
    this.need(4);
    const v = this.buf.readInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
}

function readChannels(buf: Buffer): Channel[] {
  const r = new Reader(buf);
  const channels: Channel[] = [];
  while (r.pos < buf.length && buf[r.pos] !== 0) {
    const name = r.string();
    const type = r.int32();
    r.pos += 4; // pLinear + reserved
    const xSampling = r.int32();
    const ySampling = r.int32();
    if (type < 0 || type > 2) throw new ExrError(`channel ${name} has an unknown pixel type`);
    if (xSampling !== 1 || ySampling !== 1) throw new ExrError(`channel ${name} is subsampled; send full-resolution channels`);
    channels.push({ name, type });
  }
  return channels;
}

/** OpenEXR's ZIP: zlib, then the byte predictor undone, then the two halves interleaved again. */
function unzipBlock(data: Buffer, size: number): Buffer {
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(data, { maxOutputLength: size });
  } catch {
    throw new ExrError('a ZIP block cannot be inflated');
  }
  if (raw.length !== size) throw new ExrError('a ZIP block has the wrong size');
  for (let i = 1; i < raw.length; i++) raw[i] = (raw[i - 1] + raw[i] - 128) & 0xff;
  const out = Buffer.alloc(size);
  const half = (size + 1) >> 1;
  for (let i = 0, a = 0, b = half; i < size; i++) out[i] = i & 1 ? raw[b++] : raw[a++];
  return out;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

/** The channel values of an OpenEXR file; throws ExrError when it is not one this reader takes. */
export function decodeExr(buf: Buffer): ExrImage {
  if (buf.length < 8 || buf.readInt32LE(0) !== MAGIC) throw new ExrError('it is not an OpenEXR file');
  const flags = buf.readUInt32LE(4);
  if ((flags & 0xff) !== 2) throw new ExrError('its OpenEXR version is not 2');
  if (flags & 0x200) throw new ExrError('it is a tiled OpenEXR file; send a scanline file');
  if (flags & 0x800) throw new ExrError('it is a deep OpenEXR file');
  if (flags & 0x1000) throw new ExrError('it is a multi-part OpenEXR file; send one layer per file');
  const r = new Reader(buf);
  r.pos = 8;
  let channels: Channel[] | null = null;
  let compression = -1;
  let box: number[] | null = null;
  for (;;) {
    r.need(1);
    if (buf[r.pos] === 0) {
      r.pos++;
      break;
    }
    const name = r.string();
    r.string(); // type
    const size = r.int32();
    r.need(size);
    const value = buf.subarray(r.pos, r.pos + size);
    r.pos += size;
    if (name === 'channels') channels = readChannels(value);
    else if (name === 'compression') compression = value[0];
    else if (name === 'dataWindow') box = [0, 4, 8, 12].map((o) => value.readInt32LE(o));
  }
  if (!channels || !box || compression < 0) throw new ExrError('its header lacks channels, compression or dataWindow');
  if (channels.length === 0) throw new ExrError('it has no channels');
  const width = box[2] - box[0] + 1;
  const height = box[3] - box[1] + 1;
  if (width < 1 || height < 1 || width * height > MAX_PIXELS) throw new ExrError('its data window is empty or too large');
  if (compression !== 0 && compression !== 2 && compression !== 3)
    throw new ExrError(`its compression is ${COMPRESSION_NAMES[compression] ?? compression}; send it uncompressed, ZIP or ZIPS`);

  const linesPerBlock = compression === 3 ? 16 : 1;
  const blocks = Math.ceil(height / linesPerBlock);
  const bytesPerLine = channels.reduce((n, c) => n + TYPE_SIZE[c.type] * width, 0);
  const out = new Map(channels.map((c) => [c.name, new Float32Array(width * height)]));
  r.need(blocks * 8);
  const tableStart = r.pos;
  for (let b = 0; b < blocks; b++) {
    const offset = Number(buf.readBigUInt64LE(tableStart + b * 8));
    if (offset + 8 > buf.length) throw new ExrError('a block offset points past the end of the file');
    const y = buf.readInt32LE(offset) - box[1];
    const dataSize = buf.readInt32LE(offset + 4);
    if (y < 0 || y >= height || dataSize < 0 || offset + 8 + dataSize > buf.length) throw new ExrError('a block is cut off or out of place');
    const lines = Math.min(linesPerBlock, height - y);
    const rawSize = lines * bytesPerLine;
    const stored = buf.subarray(offset + 8, offset + 8 + dataSize);
    // A block that compression would not shrink is stored as it is.
    const data = compression === 0 || dataSize === rawSize ? stored : unzipBlock(stored, rawSize);
    if (data.length !== rawSize) throw new ExrError('a block has the wrong size');
    let p = 0;
    for (let line = 0; line < lines; line++) {
      const row = (y + line) * width;
      for (const c of channels) {
        const values = out.get(c.name)!;
        for (let x = 0; x < width; x++, p += TYPE_SIZE[c.type])
          values[row + x] = c.type === 1 ? halfToFloat(data.readUInt16LE(p)) : c.type === 2 ? data.readFloatLE(p) : data.readUInt32LE(p);
      }
    }
  }
  return { width, height, channels: out };
}
