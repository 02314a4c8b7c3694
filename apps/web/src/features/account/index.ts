// The account feature's public face.
export { creditAllowance, creditUsage, type CreditUsage } from './creditUsage';
export { greetingForHour } from './greeting';
