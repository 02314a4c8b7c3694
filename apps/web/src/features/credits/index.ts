// The credits feature's public face.
export { useCreditWarnings } from './hooks/useCreditWarnings';
export { decideCreditWarning, lowCreditMessage, CREDITS_DEPLETED_MESSAGE, LOW_CREDIT_THRESHOLD } from './creditWarning';
export { CreditsPage } from './components/CreditsPage';
