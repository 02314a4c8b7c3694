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
  type CreditChange,
  type DebitResult,
  type LedgerEntry,
} from './credits.service.js';
export { registerCreditsRoutes } from './credits.routes.js';
