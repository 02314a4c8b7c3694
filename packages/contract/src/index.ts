export * from './errors.js';
export * from './plans.js';
export * from './auth.js';
export * from './images.js';
export * from './billing.js';
export * from './generation.js';
export * from './live.js';
