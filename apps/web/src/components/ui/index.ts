// Shared primitives. Import from 'components/ui'.
export { Alert, type AlertTone } from './Alert';
export { Avatar } from './Avatar';
export { Badge, type BadgeTone } from './Badge';
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card, CardHeader } from './Card';
export { Checkbox } from './Checkbox';
export { Dialog, FullScreenDialog, type DialogProps } from './Dialog';
export { EmptyState } from './EmptyState';
export { Logo, LogoMark } from './Logo';
export { PageHeader } from './PageHeader';
export { FullPageSpinner, Spinner } from './Spinner';
export { StepSlider, type StepSliderProps } from './StepSlider';
export { TextField, inputClasses } from './TextField';
export { AppToaster, toastWithAction } from './toast';
