import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hide the corner close button (the footer offers its own way out). */
  hideClose?: boolean;
  /** Keep the dialog open on outside clicks and Escape (e.g. while work is running). */
  dismissible?: boolean;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' };

/** A centred modal dialog (Radix: focus trap, Escape, aria wiring). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose,
  dismissible = true,
  className,
}: DialogProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-modal animate-fade-in bg-stone-950/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={clsx(
            'fixed top-1/2 left-1/2 z-modal flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 animate-dialog-in flex-col',
            'rounded-2xl border border-stone-200 bg-white shadow-overlay focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="flex items-start gap-4 px-6 pt-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold text-stone-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm leading-6 text-stone-500">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{typeof title === 'string' ? title : 'Dialog'}</RadixDialog.Description>
              )}
            </div>
            {hideClose ? null : (
              <RadixDialog.Close
                aria-label="Close"
                className="-mt-1 -mr-2 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          {children ? <div className="min-h-0 overflow-y-auto px-6 pt-5">{children}</div> : null}
          {footer ? (
            <div className="mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-stone-100 px-6 py-4">{footer}</div>
          ) : (
            <div className="pb-6" />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface FullScreenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible title; render a visible heading inside `children`. */
  title: string;
  description?: string;
  children: ReactNode;
}

/** A dialog that covers the whole window (the sign-in e-mail notice, the gallery modal). */
export function FullScreenDialog({ open, onOpenChange, title, description, children }: FullScreenDialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Content className="fixed inset-0 z-modal flex animate-fade-in flex-col overflow-y-auto bg-stone-50 focus:outline-none">
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{description ?? title}</RadixDialog.Description>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-5 right-5 rounded-lg p-2 text-stone-500 transition-colors hover:bg-stone-200/60 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <X className="size-5" />
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
