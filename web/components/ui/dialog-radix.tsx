import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';

/**
 * The Radix half of dialog.tsx, its own chunk: loaded when a dialog is about to open (hover or focus
 * on its trigger) or opens, never with the page. Only dialog.tsx imports it.
 */

export type RadixContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'dir' | 'className'>;

export interface RadixShellProps extends RadixContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  overlayClassName: string;
  className: string;
  testId?: string;
  children?: ReactNode;
}

/** Root, portal, overlay and content; the trigger is rendered by dialog.tsx, outside Radix. */
export function RadixShell({ open, onOpenChange, overlayClassName, className, testId, children, ...contentProps }: RadixShellProps) {
  const { i18n } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content dir={i18n.dir()} data-testid={testId} className={className} {...contentProps}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const Title = RadixDialog.Title;
export const Description = RadixDialog.Description;
export const Close = RadixDialog.Close;
