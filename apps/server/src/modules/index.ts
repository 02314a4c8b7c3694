import type { App } from '../app.js';

/**
 * Every module's routes, mounted under /api. Each module exports one `register…Routes(app)`;
 * add yours here with one line.
 */
export async function registerModules(api: App): Promise<void> {
  void api;
}
