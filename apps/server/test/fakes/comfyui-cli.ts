// Runs the ComfyUI contract fake on a port, so the app can be run against it by hand:
//   npx tsx apps/server/test/fakes/comfyui-cli.ts --port 8188 [--step-delay 40] [--quiet] [--without RealESRGAN_x4plus.pth]
//   ENGINE=comfyui COMFYUI_URL=http://127.0.0.1:8188 npm start
// It validates workflows as ComfyUI does, streams progress over /ws and "renders" by resizing
// and tinting the input (no diffusion model): results arrive in the browser with real sizes.
import { ComfyUIFake } from './comfyui.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(arg('port') ?? 8188);
const host = arg('host') ?? '127.0.0.1';
const stepDelayMs = Number(arg('step-delay') ?? 40);
const fake = new ComfyUIFake({ stepDelayMs, verbose: !process.argv.includes('--quiet') });
// --without FILE: a server missing that model file (its /object_info lists stop naming it).
const without = arg('without');
if (without) {
  for (const folder of Object.keys(fake.models) as Array<keyof typeof fake.models>) fake.models[folder] = fake.models[folder].filter((f) => f !== without);
}
const url = await fake.start(port, host);
process.stdout.write(`ComfyUI fake listening on ${url}\n`);
process.stdout.write(`Models: ${JSON.stringify(fake.models)}\n`);
process.stdout.write(`Run the app with: ENGINE=comfyui COMFYUI_URL=${url} npm start\n`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
