export {
  createEventBus,
  EVENTS_CHANNEL,
  InProcessEventBus,
  MAX_EVENT_BYTES,
  PostgresEventBus,
  type EventBus,
  type LiveListener,
} from './event-bus.js';
export { LiveHub } from './live.hub.js';
export { registerLiveRoutes } from './live.routes.js';
