// Shared primitives. Import from 'components/ui'.
export { Badge } from './Badge';
