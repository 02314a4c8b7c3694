// Piscina worker entry. The pixel code is TypeScript; worker threads do not inherit the
// parent's loader hooks on Node 20, so register tsx here before importing it. This runs the
// same under `tsx src/main.ts` (npm start / dev), under vitest, and under plain node.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./worker.ts');

export default mod.default;
