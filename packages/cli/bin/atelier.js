#!/usr/bin/env node
// @ts-check
import { parseArgs } from 'node:util';
import { CliError, connection } from '../src/client.js';
import { push, render } from '../src/commands.js';

const USAGE = `Usage:
  atelier push VIEW.png [--id-pass IDS.png] [--materials MAP.json] [--source revit|sketchup|rhino|archicad|blender|webhook]
                        [--depth DEPTH.png|DEPTH.exr [--depth-near METRES --depth-far METRES]] [--normal NORMALS.png] [--fov DEGREES]
                        [--name "Camera 01"] [--prompt "…"]
      Uploads a view (with its material ID pass, depth and normal passes) and prints the link that opens it in Create.
      Depth: a 16-bit grey PNG (0 = near; metres with --depth-near/--depth-far, else normalised) or an OpenEXR in metres.
      Normals: an 8- or 16-bit RGB PNG of camera-space normals (x right, y up, z towards the viewer).
      --fov: the camera's horizontal field of view in degrees (the preview places its planes exactly with it).
  atelier render IMAGE_ID [--variations 1-4] [--prompt "…"] [--wait] [--out DIR]
      Starts a render; with --wait, downloads the results into DIR (default: the current folder).

Environment: ATELIER_URL (your Atelier address) and ATELIER_KEY (an API key from the Plugins page).`;

const io = {
  /** @param {string} line */ out: (line) => process.stdout.write(`${line}\n`),
  /** @param {string} line */ info: (line) => process.stderr.write(`${line}\n`),
};

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'id-pass': { type: 'string' },
      materials: { type: 'string' },
      depth: { type: 'string' },
      normal: { type: 'string' },
      'depth-near': { type: 'string' },
      'depth-far': { type: 'string' },
      fov: { type: 'string' },
      source: { type: 'string' },
      name: { type: 'string' },
      prompt: { type: 'string' },
      variations: { type: 'string', short: 'n' },
      wait: { type: 'boolean', short: 'w' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, target, ...extra] = positionals;
  if (values.help || !command || command === 'help') {
    io.out(USAGE);
    return;
  }
  if (command !== 'push' && command !== 'render') throw new CliError(`Unknown command "${command}"\n\n${USAGE}`);
  if (!target) throw new CliError(command === 'push' ? 'Give the view file: atelier push view.png' : 'Give the image id: atelier render IMAGE_ID');
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}"`);
  const conn = connection(process.env);
  if (command === 'push') {
    const { depth, normal, 'depth-near': depthNear, 'depth-far': depthFar, fov } = values;
    await push(conn, target, { idPass: values['id-pass'], materials: values.materials, depth, normal, depthNear, depthFar, fov, source: values.source, name: values.name, prompt: values.prompt }, io);
  } else {
    await render(conn, target, { variations: values.variations, prompt: values.prompt, wait: values.wait, out: values.out }, io);
  }
}

main().catch((err) => {
  if (err instanceof CliError || (err instanceof TypeError && /** @type {{ code?: string }} */ (err).code?.startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`atelier: ${err.message}\n`);
  } else {
    process.stderr.write(`atelier: unexpected error: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.exit(1);
});
