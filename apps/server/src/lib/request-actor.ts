import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The person acting in the request being served (issue 32): in a team workspace the data
 * owner is the team's account, and the ledger still has to know which member spent the
 * credits. Services deep in a call (the variation batch's debit) read it here instead of every
 * module passing it down. Outside a request (workers, CLI) there is none.
 */
interface RequestActor {
  actorId?: number;
}

const storage = new AsyncLocalStorage<RequestActor>();

/** Runs every route's preHandlers and handler inside a fresh store (a root hook, before route hooks). */
export function registerRequestActor(app: FastifyInstance): void {
  app.addHook('preHandler', (_req, _reply, done) => storage.run({}, done));
}

export function setRequestActor(actorId: number): void {
  const store = storage.getStore();
  if (store) store.actorId = actorId;
}

/** The acting person of the current request, or undefined (then the owner acts for itself). */
export function currentActor(): number | undefined {
  return storage.getStore()?.actorId;
}
