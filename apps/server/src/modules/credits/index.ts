export {
  addPurchasedCredits,
  debitCredits,
  expirePlanAllowance,
  getBalance,
  grantPlanAllowance,
  InsufficientCreditsError,
  listTransactions,
  refundCredits,
  requireDebit,
  type CreditChange,
  type DebitResult,
  type LedgerEntry,
} from './credits.service.js';
