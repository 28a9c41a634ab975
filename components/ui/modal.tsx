'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /**
   * Where focus goes when the dialog closes, when not back to what had it when it opened: e.g. the row's
   * link of a document opened from an address, or the next row when its own row left.
   */
  returnFocus?: () => HTMLElement | null | undefined;
  /**
   * Makes body and footer one form: Enter in a field submits it, as in any form (WCAG 2.1, docs/architecture.md
   * "Accessibility"); the footer's primary button is then `type="submit"`.
   */
  onSubmit?: () => void;
  /**
   * A window the user must answer (the declaration): no close button, and Escape and a click outside do
   * nothing, so nothing on screen offers a way out that does not work.
   */
  required?: boolean;
}

/** A dialog on Radix Dialog: focus trap, Escape and overlay click close it via onOpenChange(false). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
  returnFocus,
  onSubmit,
  required = false,
}: ModalProps) {
  // What had focus when the dialog opened. Radix gives focus back only to a Dialog.Trigger, and our dialogs
  // are opened by rows' buttons and toolbars; a layout effect runs before Radix moves focus into the dialog.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  const content = (
    <>
      <div className="dialog__body">{children}</div>
      {footer ? <div className="dialog__footer">{footer}</div> : null}
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog dialog--${size} ${className ?? ''}`.trim()}
          // Radix warns when no Description exists unless told explicitly there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(required
            ? { onEscapeKeyDown: (event) => event.preventDefault(), onPointerDownOutside: (event) => event.preventDefault() }
            : {})}
          onCloseAutoFocus={(event) => {
            // The opener, or when it has left the page (its row was decided) the main region, never the body.
            const target = returnFocus?.() ?? (opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('main'));
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            {required ? null : (
              <Dialog.Close className="dialog__close" aria-label="Close">
                ×
              </Dialog.Close>
            )}
          </header>
          {description ? <Dialog.Description className="dialog__text">{description}</Dialog.Description> : null}
          {onSubmit ? (
            <form
              className="dialog__form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit();
              }}
            >
              {content}
            </form>
          ) : (
            content
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
