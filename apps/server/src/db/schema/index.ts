// One file per module; each module owns its tables.
export * from './auth.js';
export * from './credits.js';
export * from './billing.js';
export * from './images.js';
export * from './refine.js';
export * from './tweak.js';
export * from './masks.js';
export * from './referrals.js';
export * from './plugins.js';
export * from './teams.js';
export * from './passes.js';
export * from './viewSets.js';
