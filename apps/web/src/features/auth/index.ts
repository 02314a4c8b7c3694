// The auth feature's public face: import from 'features/auth' in other features.
export {
  logout,
  updateCredits,
} from './store/authSlice';
export { useSignOut } from './hooks/useSignOut';
