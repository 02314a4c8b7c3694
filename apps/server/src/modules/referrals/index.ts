// The referrals module's public face: invite links, their reward at a first plan, team interest.
export { registerReferralRoutes } from './referrals.routes.js';
export { rewardReferralOnFirstPlan } from './referrals.service.js';
