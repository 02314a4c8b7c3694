// The auth feature's public face: import from 'features/auth' in other features.
export {
  logout,
  updateCredits,
} from './store/authSlice';
export { useSignOut } from './hooks/useSignOut';
export { AuthLayout } from './components/AuthLayout';
export { StatusCard } from './components/StatusCard';
export type { FromState } from './redirect';
