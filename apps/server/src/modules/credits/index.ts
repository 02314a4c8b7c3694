export {
  addPlanCredits,
  addPurchasedCredits,
  adjustCredits,
  debitCredits,
  expirePlanAllowance,
  getBalance,
  getCreditBreakdown,
  grantPlanAllowance,
  InsufficientCreditsError,
  listTransactions,
  refundCredits,
  requireDebit,
} from './credits.service.js';
export { registerCreditsRoutes } from './credits.routes.js';
export { monthStart } from './member-cap.js';
