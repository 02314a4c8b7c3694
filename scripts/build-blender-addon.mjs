#!/usr/bin/env node
// Builds the installable zip of the Blender add-on (plugins/blender/atelier_bridge, as the folder
// atelier_bridge/ inside the zip): Blender > Preferences > Add-ons > Install… takes it as it is.
//   node scripts/build-blender-addon.mjs [--out path.zip]   (default plugins/blender/dist/atelier_bridge.zip)
// The server runs this on the first download when the zip is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'plugins/blender/atelier_bridge');
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(root, 'plugins/blender/dist/atelier_bridge.zip');

/** The add-on's files (Python only, no caches), as zip names. */
function addonFiles() {
  return fs
    .readdirSync(source, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.py') && !f.split(path.sep).includes('__pycache__'))
    .sort()
    .map((f) => ({ name: `atelier_bridge/${f.split(path.sep).join('/')}`, data: fs.readFileSync(path.join(source, f)) }));
}

/** DOS date and time of a zip entry. */
function dosTime(d) {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** A zip (deflate, no extras) of `files`: local headers and data, then the central directory. */
function zip(files, when = new Date()) {
  const { time, date } = dosTime(when);
  const parts = [];
  const central = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = zlib.deflateRawSync(f.data, { level: 9 });
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(f.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const files = addonFiles();
if (!files.some((f) => f.name === 'atelier_bridge/__init__.py')) throw new Error(`No add-on in ${source}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
// Written beside and renamed, so a download never reads half a zip.
const partial = `${out}.${process.pid}.partial`;
fs.writeFileSync(partial, zip(files));
fs.renameSync(partial, out);
console.log(`${path.relative(process.cwd(), out)}: ${files.map((f) => f.name).join(', ')}`);
